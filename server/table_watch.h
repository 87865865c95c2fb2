// Watches the table files a running server has mapped, and calls `on_change` when one is
// modified or truncated in place (inotify IN_MODIFY / IN_ATTRIB on the mapped inode).
//
// Why: raw table sections are served from a MAP_PRIVATE mapping, which (on Linux) still shows
// later writes to the file's pages. A table replaced by an atomic rename is a new inode and does
// not concern us (the watch stays on the mapped one); a table rewritten or truncated in place is
// an operator error that would change answers, so the server stops at once instead (and the
// SIGBUS guard in puzzle/mapped_file.h covers a read of a truncated page that races the watch).
//
// Thread-safety: the callback runs on the watch's own thread.

#ifndef SERVER_TABLE_WATCH_H_
#define SERVER_TABLE_WATCH_H_

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"

namespace server {

class TableWatch {
 public:
  // Errors: Unavailable naming the file when inotify cannot watch it.
  static absl::StatusOr<std::unique_ptr<TableWatch>> Start(
      const std::vector<std::string>& paths,
      std::function<void(const std::string& path)> on_change);
  TableWatch(const TableWatch&) = delete;
  TableWatch& operator=(const TableWatch&) = delete;
  ~TableWatch();  // stops the thread

 private:
  TableWatch() = default;
  void Run();

  int inotify_fd_ = -1;
  int stop_fd_ = -1;                                  // an eventfd written by the destructor
  std::vector<std::pair<int, std::string>> watches_;  // watch descriptor -> path
  std::function<void(const std::string&)> on_change_;
  std::thread thread_;
};

}  // namespace server

#endif  // SERVER_TABLE_WATCH_H_

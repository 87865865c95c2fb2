#include "server/table_watch.h"

#include <fcntl.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace server {
namespace {

std::string TempFile(const std::string& name, const std::string& contents) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  std::ofstream(path) << contents;
  return path;
}

// Records the paths the watch reports, in order, and lets the test wait for them.
// Thread-safety: OnChange runs on the watch's thread, the rest on the test's.
class Changes {
 public:
  std::function<void(const std::string&)> OnChange() {
    return [this](const std::string& path) {
      std::lock_guard<std::mutex> lock(mu_);
      paths_.push_back(path);
      cv_.notify_all();
    };
  }

  // Waits until `count` changes were reported, or 30 s (a bound only a hung watch reaches).
  bool WaitFor(size_t count) {
    std::unique_lock<std::mutex> lock(mu_);
    return cv_.wait_for(lock, std::chrono::seconds(30), [&] { return paths_.size() >= count; });
  }

  std::vector<std::string> paths() {
    std::lock_guard<std::mutex> lock(mu_);
    return paths_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> paths_;
};

TEST(TableWatchTest, AnInPlaceWriteOrTruncationIsReported) {
  const std::string path = TempFile("watched.tbl", "0123456789");
  Changes changes;
  absl::StatusOr<std::unique_ptr<TableWatch>> watch = TableWatch::Start({path}, changes.OnChange());
  ASSERT_TRUE(watch.ok()) << watch.status();
  ASSERT_EQ(::truncate(path.c_str(), 4), 0);
  ASSERT_TRUE(changes.WaitFor(1));
  EXPECT_EQ(changes.paths(), std::vector<std::string>{path});
  std::ofstream(path, std::ios::app) << "x";
  ASSERT_TRUE(changes.WaitFor(2));
  for (const std::string& p : changes.paths()) EXPECT_EQ(p, path);
}

TEST(TableWatchTest, AReplacementByRenameIsNotAChange) {
  const std::string path = TempFile("renamed.tbl", "old");
  const std::string next = TempFile("renamed.tbl.new", "new");
  // A second watched file, written last: one inotify queue delivers events in order, so once its
  // change is reported the watch has read and handled every event the rename and the write to
  // the new file caused before it.
  const std::string sync = TempFile("sync.tbl", "sync");
  Changes changes;
  absl::StatusOr<std::unique_ptr<TableWatch>> watch =
      TableWatch::Start({path, sync}, changes.OnChange());
  ASSERT_TRUE(watch.ok()) << watch.status();
  ASSERT_EQ(std::rename(next.c_str(), path.c_str()), 0);
  // The watch stays on the replaced inode: writing the file now at `path` is not its concern.
  std::ofstream(path, std::ios::app) << "more";
  std::ofstream(sync, std::ios::app) << "x";
  ASSERT_TRUE(changes.WaitFor(1));
  EXPECT_EQ(changes.paths(), std::vector<std::string>{sync});
}

TEST(TableWatchTest, AMissingFileIsAnError) {
  absl::StatusOr<std::unique_ptr<TableWatch>> watch =
      TableWatch::Start({"/nonexistent/x.tbl"}, [](const std::string&) {});
  EXPECT_EQ(watch.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(watch.status().message(),
            "cannot watch table file /nonexistent/x.tbl: No such file or directory");
}

}  // namespace
}  // namespace server

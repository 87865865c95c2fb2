// A read-only, private memory mapping of a whole file.
//
// Contract: the mapping lives exactly as long as the MappedFile; data() is valid until then. The
// mapping is MAP_PRIVATE and read-only, and callers that must outlive a file swap on disk (the
// server) copy what they need and drop the mapping (see eight_table.h).
//
// Example:
//   absl::StatusOr<std::unique_ptr<MappedFile>> f = MappedFile::Open("tables/eight.tbl");
//   if (!f.ok()) return f.status();
//   absl::string_view bytes = (*f)->contents();
//
// Thread-safety: immutable after Open; safe to read from many threads.

#ifndef PUZZLE_MAPPED_FILE_H_
#define PUZZLE_MAPPED_FILE_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

class MappedFile {
 public:
  // Errors: NotFound, PermissionDenied or Unavailable with the path and the OS reason. An empty
  // file maps to empty contents (there is nothing to map).
  static absl::StatusOr<std::unique_ptr<MappedFile>> Open(const std::string& path);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  absl::string_view contents() const { return absl::string_view(base_, length_); }
  const std::string& path() const { return path_; }

 private:
  MappedFile(std::string path, const char* base, size_t length)
      : path_(std::move(path)), base_(base), length_(length) {}

  const std::string path_;
  const char* const base_;  // nullptr when length_ == 0
  const size_t length_;
};

// An absl::Status for a failed system call: the code follows errno (ENOENT -> NotFound, EACCES ->
// PermissionDenied, ENOSPC/EDQUOT/EFBIG -> ResourceExhausted, else Unavailable) and the message is
// "<context>: <strerror>".
absl::Status ErrnoStatus(int error_number, absl::string_view context);

}  // namespace puzzle

#endif  // PUZZLE_MAPPED_FILE_H_

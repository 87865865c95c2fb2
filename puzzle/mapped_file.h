// A read-only, private memory mapping of a whole regular file.
//
// Contract: the mapping lives exactly as long as the MappedFile; contents() is valid until then.
// It is MAP_PRIVATE and PROT_READ. Replacing the file by a rename leaves the mapped inode (and so
// the contents) unchanged. Truncating the file in place removes pages under the mapping: a later
// read of such a page raises SIGBUS, which InstallMappedFileFaultHandler turns into one clear
// line and a distinct exit code instead of an anonymous crash.
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
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

// The exit code of a process whose mapped table file changed under it (see above).
inline constexpr int kMappedFileChangedExitCode = 3;

class MappedFile {
 public:
  // Opens without blocking (O_NONBLOCK, so a FIFO cannot stall start-up) and refuses anything
  // but a regular file. The mapping is advised for 2 MB pages (MADV_HUGEPAGE: shared page-cache
  // folios of 2 MB where the kernel and filesystem allow, see mapped_file.cc). `populate`
  // pre-faults every page (MADV_POPULATE_READ; before Linux 5.14 it only starts readahead, and
  // the first reads fault the pages in).
  // Errors: NotFound, PermissionDenied or Unavailable with the path and the OS reason;
  // FailedPrecondition "<path>: is a FIFO, not a regular file" (likewise directory, device,
  // socket). An empty file maps to empty contents (there is nothing to map).
  static absl::StatusOr<std::unique_ptr<MappedFile>> Open(const std::string& path,
                                                          bool populate = false);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  absl::string_view contents() const { return absl::string_view(base_, length_); }
  const std::string& path() const { return path_; }

  // madvise(2) over the whole mapping (MADV_SEQUENTIAL, MADV_RANDOM, MADV_WILLNEED, ...).
  // Advice only: a failure changes nothing that is read, so it is ignored.
  void Advise(int advice) const;

  // Bytes of the mapping the kernel maps with 2 MB pages now (FilePmdMapped in smaps: page-cache
  // folios of 2 MB; see Open), for reports.
  uint64_t huge_page_bytes() const;

 private:
  MappedFile(std::string path, const char* base, size_t length);

  const std::string path_;
  const char* const base_;  // nullptr when length_ == 0
  const size_t length_;
};

// Installs a SIGBUS handler: a fault inside a live MappedFile writes
//   "<program>: table file <path> changed on disk while mapped (truncated in place?); exiting.
//    Replace table files with an atomic rename, never in place."
// to stderr and exits with kMappedFileChangedExitCode. Any other SIGBUS gets the default action.
// Call once, early in main, before any file is mapped. Async-signal-safe inside.
void InstallMappedFileFaultHandler(const char* program_name);

// An absl::Status for a failed system call: the code follows errno (ENOENT -> NotFound, EACCES ->
// PermissionDenied, ENOSPC/EDQUOT/EFBIG -> ResourceExhausted, else Unavailable) and the message is
// "<context>: <strerror>".
absl::Status ErrnoStatus(int error_number, absl::string_view context);

}  // namespace puzzle

#endif  // PUZZLE_MAPPED_FILE_H_

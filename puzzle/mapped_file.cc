#include "puzzle/mapped_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22  // Linux 5.14; older C library headers lack it
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "puzzle/smaps.h"

namespace puzzle {

absl::Status ErrnoStatus(int error_number, absl::string_view context) {
  const std::string message = absl::StrCat(context, ": ", std::strerror(error_number));
  switch (error_number) {
    case ENOENT:
    case ENOTDIR:
      return absl::NotFoundError(message);
    case EACCES:
    case EPERM:
    case EROFS:
      return absl::PermissionDeniedError(message);
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
      return absl::ResourceExhaustedError(message);
    case EISDIR:
    case EINVAL:
      return absl::FailedPreconditionError(message);
    default:
      return absl::UnavailableError(message);
  }
}

namespace {

// Live mappings, for the SIGBUS handler: a fixed array of slots so that the handler reads them
// without locks or allocation. A slot is claimed by CAS on `base`; `path` is written before
// `base` is published (release) and read after it is seen (acquire).
struct MappingSlot {
  std::atomic<const char*> base{nullptr};
  std::atomic<size_t> length{0};
  std::atomic<const char*> path{nullptr};
};
constexpr int kMappingSlots = 256;
const char kClaimed = 0;  // a slot being filled in
MappingSlot g_mappings[kMappingSlots];
const char* g_program_name = "puzzle_oracle";

void RegisterMapping(const char* base, size_t length, const char* path) {
  for (MappingSlot& slot : g_mappings) {
    const char* expected = nullptr;
    // Claim with a sentinel first so that length and path are set before base is visible.
    if (slot.base.compare_exchange_strong(expected, &kClaimed, std::memory_order_acq_rel)) {
      slot.length.store(length, std::memory_order_relaxed);
      slot.path.store(path, std::memory_order_relaxed);
      slot.base.store(base, std::memory_order_release);
      return;
    }
  }
  // More than 256 live mappings: the fault handler cannot name this one, which only makes its
  // message generic; nothing is read wrongly.
}

void UnregisterMapping(const char* base) {
  for (MappingSlot& slot : g_mappings) {
    if (slot.base.load(std::memory_order_acquire) == base) {
      slot.length.store(0, std::memory_order_relaxed);
      slot.base.store(nullptr, std::memory_order_release);
      return;
    }
  }
}

void WriteAll(const char* text) {
  size_t left = std::strlen(text);
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<size_t>(n);
  }
}

void OnSigbus(int signal_number, siginfo_t* info, void* /*context*/) {
  const char* address = static_cast<const char*>(info->si_addr);
  for (const MappingSlot& slot : g_mappings) {
    const char* base = slot.base.load(std::memory_order_acquire);
    if (base == nullptr || address < base ||
        address >= base + slot.length.load(std::memory_order_relaxed)) {
      continue;
    }
    WriteAll(g_program_name);
    WriteAll(": table file ");
    WriteAll(slot.path.load(std::memory_order_relaxed));
    WriteAll(
        " changed on disk while mapped (truncated in place?); exiting. Replace table files "
        "with an atomic rename, never in place.\n");
    ::_exit(kMappedFileChangedExitCode);
  }
  // Not ours: the default action (core dump).
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

}  // namespace

void InstallMappedFileFaultHandler(const char* program_name) {
  g_program_name = program_name;
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_sigaction = OnSigbus;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, nullptr);
}

MappedFile::MappedFile(std::string path, const char* base, size_t length)
    : path_(std::move(path)), base_(base), length_(length) {
  if (base_ != nullptr) RegisterMapping(base_, length_, path_.c_str());
}

absl::StatusOr<std::unique_ptr<MappedFile>> MappedFile::Open(const std::string& path,
                                                             bool populate) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return ErrnoStatus(errno, absl::StrCat("cannot open ", path));
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int saved = errno;
    ::close(fd);
    return ErrnoStatus(saved, absl::StrCat("cannot stat ", path));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    const char* what = S_ISFIFO(st.st_mode)                         ? "a FIFO"
                       : S_ISDIR(st.st_mode)                        ? "a directory"
                       : S_ISSOCK(st.st_mode)                       ? "a socket"
                       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                    : "not a regular file";
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": is ", what, ", not a regular file; expected a table file"));
  }
  const size_t length = static_cast<size_t>(st.st_size);
  const char* base = nullptr;
  if (length > 0) {
    void* mapped = ::mmap(nullptr, length, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) {
      const int saved = errno;
      ::close(fd);
      return ErrnoStatus(saved, absl::StrCat("cannot mmap ", path));
    }
    base = static_cast<const char*>(mapped);
    // Before the first fault: pages read in from now on come into the page cache as 2 MB folios
    // where the kernel and the filesystem allow it (ext4 and XFS on recent kernels), and such a
    // folio is mapped by one page-table entry (the kernel places a large mapping at a 2 MB
    // boundary). Probing then misses the TLB far less, as with kPrivateHugePages, while the pages
    // stay shared with every process that maps the file. Pages already in the page cache keep
    // their size. Advice only: where it is refused, nothing read changes.
    ::madvise(mapped, length, MADV_HUGEPAGE);
  }
  ::close(fd);  // the mapping stays valid without the descriptor
  std::unique_ptr<MappedFile> file(new MappedFile(path, base, length));
  if (populate && base != nullptr) {
    // Every page faulted in now, through the same fault path as a read, so that the advice above
    // applies (MAP_POPULATE would fault them in before it). Before Linux 5.14, readahead instead.
    if (::madvise(const_cast<char*>(base), length, MADV_POPULATE_READ) != 0 && errno == EINVAL) {
      file->Advise(MADV_WILLNEED);
    }
  }
  return file;
}

void MappedFile::Advise(int advice) const {
  if (base_ != nullptr) ::madvise(const_cast<char*>(base_), length_, advice);
}

uint64_t MappedFile::huge_page_bytes() const {
  if (base_ == nullptr) return 0;
  // The mapping ends at a page boundary; its last huge page may reach past the file's end, so
  // only the file's bytes are counted.
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  const size_t mapped = (length_ + page - 1) / page * page;
  return std::min<uint64_t>(SmapsBytesWithin(base_, mapped, "FilePmdMapped"), length_);
}

MappedFile::~MappedFile() {
  if (base_ != nullptr) {
    UnregisterMapping(base_);
    ::munmap(const_cast<char*>(base_), length_);
  }
}

}  // namespace puzzle

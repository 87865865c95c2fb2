#include "puzzle/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

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

absl::StatusOr<std::unique_ptr<MappedFile>> MappedFile::Open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ErrnoStatus(errno, absl::StrCat("cannot open ", path));
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const int saved = errno;
    ::close(fd);
    return ErrnoStatus(saved, absl::StrCat("cannot stat ", path));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return absl::FailedPreconditionError(absl::StrCat(path, ": not a regular file"));
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
  }
  ::close(fd);  // the mapping stays valid without the descriptor
  return std::unique_ptr<MappedFile>(new MappedFile(path, base, length));
}

MappedFile::~MappedFile() {
  if (base_ != nullptr) ::munmap(const_cast<char*>(base_), length_);
}

}  // namespace puzzle

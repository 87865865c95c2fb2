#include "puzzle/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "absl/strings/str_cat.h"
#include "puzzle/mapped_file.h"

namespace puzzle {
namespace {

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents) {
  const std::string directory = DirectoryOf(path);
  std::string temp_path = absl::StrCat(path, ".tmp.XXXXXX");
  std::vector<char> temp_name(temp_path.begin(), temp_path.end());
  temp_name.push_back('\0');
  const int fd = ::mkostemp(temp_name.data(), O_CLOEXEC);
  if (fd < 0) {
    return ErrnoStatus(
        errno, absl::StrCat("cannot create a temporary file in ", directory, " for ", path));
  }
  temp_path.assign(temp_name.data());
  auto fail = [&](int error_number, absl::string_view what) {
    ::close(fd);
    ::unlink(temp_path.c_str());
    return ErrnoStatus(error_number, absl::StrCat(what, " ", path));
  };
  size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno, "cannot write");
    }
    written += static_cast<size_t>(n);
  }
  if (::fchmod(fd, 0644) != 0) return fail(errno, "cannot set permissions of");
  if (::fsync(fd) != 0) return fail(errno, "cannot fsync");
  // The pages just written, clean now, leave the page cache: whoever maps the file next reads
  // them back as 2 MB folios (mapped_file.cc), mapped 2 MB at a time, where the write's pages
  // would keep the sizes the write gave them (about half of the 3x3x3's table in 2 MB folios on
  // 2026-12-07, and its hardest two-phase cube 1.2x slower). Advice only.
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  if (::close(fd) != 0) {
    const int saved = errno;
    ::unlink(temp_path.c_str());
    return ErrnoStatus(saved, absl::StrCat("cannot close ", path));
  }
  if (::rename(temp_path.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temp_path.c_str());
    return ErrnoStatus(saved, absl::StrCat("cannot rename the temporary file to ", path));
  }
  // Make the rename itself durable.
  const int dir_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return absl::OkStatus();
}

}  // namespace puzzle

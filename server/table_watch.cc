#include "server/table_watch.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace server {

absl::StatusOr<std::unique_ptr<TableWatch>> TableWatch::Start(
    const std::vector<std::string>& paths, std::function<void(const std::string&)> on_change) {
  std::unique_ptr<TableWatch> watch(new TableWatch());
  watch->on_change_ = std::move(on_change);
  watch->inotify_fd_ = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  watch->stop_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (watch->inotify_fd_ < 0 || watch->stop_fd_ < 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot watch the table files: inotify: ", std::strerror(errno)));
  }
  for (const std::string& path : paths) {
    const int wd = ::inotify_add_watch(watch->inotify_fd_, path.c_str(), IN_MODIFY | IN_ATTRIB);
    if (wd < 0) {
      return absl::UnavailableError(
          absl::StrCat("cannot watch table file ", path, ": ", std::strerror(errno)));
    }
    watch->watches_.emplace_back(wd, path);
  }
  TableWatch* self = watch.get();
  watch->thread_ = std::thread([self] { self->Run(); });
  return watch;
}

TableWatch::~TableWatch() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    (void)!::write(stop_fd_, &one, sizeof(one));
    thread_.join();
  }
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  if (stop_fd_ >= 0) ::close(stop_fd_);
}

void TableWatch::Run() {
  alignas(inotify_event) char buffer[4096];
  for (;;) {
    pollfd fds[2] = {{inotify_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    const ssize_t n = ::read(inotify_fd_, buffer, sizeof(buffer));
    for (ssize_t at = 0; n > 0 && at < n;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      at += sizeof(inotify_event) + event->len;
      // IN_ATTRIB also fires for a link-count change (the file renamed over or deleted): the
      // mapped inode's bytes are unchanged then, so only a modification counts.
      if ((event->mask & IN_MODIFY) == 0) continue;
      for (const auto& [wd, path] : watches_) {
        if (wd == event->wd) on_change_(path);
      }
    }
  }
}

}  // namespace server

#include "server/http_disconnect_watch.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"
#include "server/http_listen.h"

namespace server {
namespace {
// The key of the wake-up eventfd in the epoll set. Exchange keys are object addresses, never ~0.
constexpr uint64_t kWakeKey = ~uint64_t{0};
}  // namespace

absl::StatusOr<std::unique_ptr<DisconnectWatch>> DisconnectWatch::Create() {
  const int epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (epoll_fd < 0) return absl::InternalError(absl::StrCat("epoll_create1: ", ErrnoText(errno)));
  const int wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd < 0) {
    const int err = errno;
    close(epoll_fd);
    return absl::InternalError(absl::StrCat("eventfd: ", ErrnoText(err)));
  }
  epoll_event event = {};
  event.events = EPOLLIN;
  event.data.u64 = kWakeKey;
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, wake_fd, &event) != 0) {
    const int err = errno;
    close(wake_fd);
    close(epoll_fd);
    return absl::InternalError(absl::StrCat("epoll_ctl: ", ErrnoText(err)));
  }
  return absl::WrapUnique(new DisconnectWatch(epoll_fd, wake_fd));
}

DisconnectWatch::~DisconnectWatch() {
  Stop();
  close(wake_fd_);
  close(epoll_fd_);
}

void DisconnectWatch::Start(HangupCallback on_hangup) {
  thread_ = std::thread([this, on_hangup = std::move(on_hangup)] { Run(on_hangup); });
}

void DisconnectWatch::Stop() {
  if (!thread_.joinable()) return;
  const uint64_t one = 1;
  // A fresh eventfd cannot refuse this write; the join below would otherwise wait forever.
  while (write(wake_fd_, &one, sizeof(one)) < 0 && errno == EINTR) {
  }
  thread_.join();
}

bool DisconnectWatch::Watch(int fd, uint64_t key) {
  epoll_event event = {};
  // One-shot: a peer that closed stays closed, and the callback decides once what it means.
  event.events = EPOLLRDHUP | EPOLLONESHOT;  // EPOLLHUP and EPOLLERR are always reported
  event.data.u64 = key;
  return epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &event) == 0;
}

void DisconnectWatch::Unwatch(int fd) { epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr); }

void DisconnectWatch::Run(const HangupCallback& on_hangup) {
  epoll_event events[64];
  while (true) {
    const int n = epoll_wait(epoll_fd_, events, 64, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;  // cannot happen with a valid epoll set; the janitor's sweep remains
    }
    for (int i = 0; i < n; ++i) {
      if (events[i].data.u64 == kWakeKey) return;
      on_hangup(events[i].data.u64);
    }
  }
}

}  // namespace server

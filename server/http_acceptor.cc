#include "server/http_acceptor.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "absl/strings/str_cat.h"
#include "server/http_listen.h"

namespace server {

HttpAcceptor::HttpAcceptor(Limits limits, AddConnection add,
                           std::function<void(absl::string_view)> log)
    : limits_(limits), add_(std::move(add)), log_(std::move(log)) {
  loop_load_.assign(static_cast<size_t>(std::max(1, limits_.loops)), 0);
}

HttpAcceptor::~HttpAcceptor() {
  Stop();
  if (wake_fd_ >= 0) close(wake_fd_);
}

absl::Status HttpAcceptor::Start(int listen_fd) {
  listen_fd_ = listen_fd;
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) {
    const int err = errno;
    close(listen_fd_);
    listen_fd_ = -1;
    return absl::InternalError(absl::StrCat("eventfd: ", ErrnoText(err)));
  }
  thread_ = std::thread([this] { Loop(); });
  return absl::OkStatus();
}

void HttpAcceptor::Stop() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    // A fresh eventfd cannot refuse this write; the join below would otherwise wait forever.
    while (write(wake_fd_, &one, sizeof(one)) < 0 && errno == EINTR) {
    }
    thread_.join();
  }
  if (listen_fd_ >= 0) {
    close(listen_fd_);
    listen_fd_ = -1;
  }
}

void HttpAcceptor::Loop() {
  pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
  while (true) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      if (log_) log_(absl::StrCat("HTTP accept loop: poll: ", ErrnoText(errno)));
      return;
    }
    if (fds[1].revents != 0) return;
    for (int batch = 0; batch < 64; ++batch) {
      sockaddr_storage address;
      socklen_t length = sizeof(address);
      const int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length,
                             SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        const int err = errno;
        if (err == EAGAIN || err == EWOULDBLOCK) break;
        if (err == EINTR || err == ECONNABORTED) continue;
        if (log_) {
          log_(absl::StrCat("HTTP accept: ", ErrnoText(err),
                            err == EMFILE || err == ENFILE
                                ? " (out of file descriptors; lower max_connections or raise "
                                  "RLIMIT_NOFILE)"
                                : ""));
        }
        // The listening socket stays readable: back off instead of spinning, unless stopped.
        pollfd wake = {wake_fd_, POLLIN, 0};
        if (poll(&wake, 1, 50) > 0) return;
        break;
      }
      const std::string ip = FormatIp(reinterpret_cast<sockaddr*>(&address));
      const int loop = Admit(ip);
      if (loop < 0) {
        refused_.fetch_add(1, std::memory_order_relaxed);
        close(fd);
        continue;
      }
      if (add_(loop, fd, reinterpret_cast<sockaddr*>(&address), length)) {
        accepted_.fetch_add(1, std::memory_order_relaxed);
      } else {
        Release(loop, ip);
        refused_.fetch_add(1, std::memory_order_relaxed);
      }
    }
  }
}

int HttpAcceptor::Admit(const std::string& ip) {
  std::lock_guard<std::mutex> lock(mu_);
  if (admitted_ >= limits_.max_connections) return -1;
  int* from_ip = nullptr;
  if (limits_.max_connections_per_ip > 0) {
    from_ip = &per_ip_[ip];
    if (*from_ip >= limits_.max_connections_per_ip) return -1;
  }
  const int loop =
      static_cast<int>(std::min_element(loop_load_.begin(), loop_load_.end()) - loop_load_.begin());
  ++admitted_;
  ++loop_load_[loop];
  if (from_ip != nullptr) ++*from_ip;
  return loop;
}

void HttpAcceptor::Release(int loop, const std::string& ip) {
  if (loop < 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  --admitted_;
  --loop_load_[loop];
  auto it = per_ip_.find(ip);
  if (it != per_ip_.end() && --it->second <= 0) per_ip_.erase(it);
}

}  // namespace server

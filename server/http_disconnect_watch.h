// Notices at once a client that closes or resets a connection whose answer is pending.
// libmicrohttpd does not watch the socket of a connection it has suspended (a request waiting for
// its answer, an event stream waiting for its next event), so without this the HTTP server would
// learn of the client leaving only at its janitor's next sweep (every 100 ms), and a search for a
// client that is gone would run on meanwhile. One epoll set and one thread for the whole server.
//
// Example:
//   absl::StatusOr<std::unique_ptr<DisconnectWatch>> watch = DisconnectWatch::Create();
//   (*watch)->Start([](uint64_t key) { /* look the key up; check the peer really left */ });
//   (*watch)->Watch(fd, key);   // when suspending
//   (*watch)->Unwatch(fd);      // when resuming, before the socket can be closed
//
// Thread-safety: Watch and Unwatch may be called from any thread, concurrently.

#ifndef SERVER_HTTP_DISCONNECT_WATCH_H_
#define SERVER_HTTP_DISCONNECT_WATCH_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <thread>

#include "absl/status/statusor.h"

namespace server {

class DisconnectWatch {
 public:
  // Called on the watch's thread with the key of a socket whose peer has closed its sending side
  // or reset the connection (EPOLLRDHUP, EPOLLHUP, EPOLLERR). A hint, not a verdict: the peer
  // may have sent pipelined data before closing, and the event may arrive just after Unwatch
  // (it was taken before), so the callback checks the socket itself (recv MSG_PEEK) and ignores
  // keys it no longer knows. Each Watch reports at most once.
  using HangupCallback = std::function<void(uint64_t key)>;

  // Errors: Internal when epoll or eventfd cannot be created.
  static absl::StatusOr<std::unique_ptr<DisconnectWatch>> Create();
  DisconnectWatch(const DisconnectWatch&) = delete;
  DisconnectWatch& operator=(const DisconnectWatch&) = delete;
  ~DisconnectWatch();  // Stop()

  // Starts the thread that runs `on_hangup`. Once; REQUIRES: before the first Watch.
  void Start(HangupCallback on_hangup);
  // Joins the thread: no callback runs once this returns. Idempotent. REQUIRES: not called from
  // the callback.
  void Stop();

  // Reports `key` once when `fd`'s peer leaves; at once if it has already. False (nothing is
  // watched) if the kernel refuses (e.g. fs.epoll.max_user_watches). REQUIRES: `fd` stays open
  // until Unwatch(fd) returns, and is not watched already.
  bool Watch(int fd, uint64_t key);
  void Unwatch(int fd);

 private:
  DisconnectWatch(int epoll_fd, int wake_fd) : epoll_fd_(epoll_fd), wake_fd_(wake_fd) {}
  void Run(const HangupCallback& on_hangup);

  const int epoll_fd_;
  const int wake_fd_;  // eventfd: stops the thread
  std::thread thread_;
};

}  // namespace server

#endif  // SERVER_HTTP_DISCONNECT_WATCH_H_

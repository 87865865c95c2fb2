// The HTTP server's accept loop: one thread accepts connections on the listening socket and
// hands each to the least loaded event loop, refusing (closing at once) those beyond
// max_connections or max_connections_per_ip. Part of HttpServer (http_server.h).
//
// Why our own accepting rather than libmicrohttpd's thread pool: in libmicrohttpd 0.9.75 the
// pool shares the connection limit out per thread, MHD_add_connection checks a thread's share
// without a lock, and a thread that then finds itself over its share returns with its cleanup
// mutex still locked (fixed upstream in 67061d5c, 2023) and deadlocks. So each event loop is a
// daemon of its own whose limit is never reached, and the limits and the choice of loop are here.
//
// Thread-safety: Release and the counters may be called from any thread; Start and Stop from one.

#ifndef SERVER_HTTP_ACCEPTOR_H_
#define SERVER_HTTP_ACCEPTOR_H_

#include <sys/socket.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace server {

class HttpAcceptor {
 public:
  struct Limits {
    int max_connections = 1;
    int max_connections_per_ip = 0;  // 0: unlimited
    int loops = 1;                   // event loops to spread connections over
  };
  // Hands the accepted socket `fd` to event loop `loop`, which owns it from then on. Returns
  // false if the loop refused it (and closed it).
  using AddConnection =
      std::function<bool(int loop, int fd, const sockaddr* address, socklen_t length)>;

  // `log` receives accept errors (out of file descriptors, ...); may be null.
  HttpAcceptor(Limits limits, AddConnection add, std::function<void(absl::string_view)> log);
  HttpAcceptor(const HttpAcceptor&) = delete;
  HttpAcceptor& operator=(const HttpAcceptor&) = delete;
  ~HttpAcceptor();  // Stop()

  // Takes ownership of `listen_fd` (a non-blocking listening socket) and starts accepting.
  // Errors: Internal when the wake-up eventfd cannot be created (the socket is closed then).
  absl::Status Start(int listen_fd);
  // Stops accepting and closes the listening socket: from its return, new connections are
  // refused by the kernel. Idempotent.
  void Stop();

  // A connection handed to `loop` (from a peer with address `ip`) has closed.
  void Release(int loop, const std::string& ip);

  uint64_t accepted() const { return accepted_.load(std::memory_order_relaxed); }
  // Closed at once: over a limit, or refused by their loop.
  uint64_t refused() const { return refused_.load(std::memory_order_relaxed); }

 private:
  void Loop();
  // Picks the loop for a new connection from `ip` and counts it, or -1 over a limit.
  int Admit(const std::string& ip);

  const Limits limits_;
  const AddConnection add_;
  const std::function<void(absl::string_view)> log_;
  int listen_fd_ = -1;
  int wake_fd_ = -1;  // eventfd that stops the loop
  std::thread thread_;

  std::mutex mu_;
  int admitted_ ABSL_GUARDED_BY(mu_) = 0;
  std::vector<int> loop_load_ ABSL_GUARDED_BY(mu_);
  absl::flat_hash_map<std::string, int> per_ip_ ABSL_GUARDED_BY(mu_);

  std::atomic<uint64_t> accepted_{0};
  std::atomic<uint64_t> refused_{0};
};

}  // namespace server

#endif  // SERVER_HTTP_ACCEPTOR_H_

// What the HTTP server bounds whatever its clients do: the bytes of request bodies it holds at
// once (BodyBudget) and the file descriptors its connections need (ReserveFileDescriptors).
// Part of HttpServer (http_server.h).

#ifndef SERVER_HTTP_BUDGETS_H_
#define SERVER_HTTP_BUDGETS_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"

namespace server {

// File descriptors the server reserves besides its connections: event loops (epoll and an
// inter-thread channel each), the listening socket, wake-up descriptors, and the rest of the
// process.
inline constexpr uint64_t kReservedFds = 256;

// Bytes of request bodies held at once, against a fixed limit. Shared with requests, which may
// outlive the server. Thread-safe; lock-free.
class BodyBudget {
 public:
  explicit BodyBudget(size_t limit) : limit_(limit) {}
  BodyBudget(const BodyBudget&) = delete;
  BodyBudget& operator=(const BodyBudget&) = delete;

  // Reserves `bytes` if the total stays within the limit; false (nothing reserved) otherwise.
  bool TryReserve(size_t bytes);
  // Returns bytes reserved earlier. REQUIRES: at most what was reserved and not yet released.
  void Release(size_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }
  size_t used() const { return used_.load(std::memory_order_relaxed); }
  size_t limit() const { return limit_; }

 private:
  const size_t limit_;
  std::atomic<size_t> used_{0};
};

// Resolves `requested` connections (0: `default_connections`, or as many as the hard
// RLIMIT_NOFILE holds) and raises the RLIMIT_NOFILE soft limit to what they need: one
// descriptor each plus kReservedFds. Returns the connection limit.
// Errors: ResourceExhausted when the hard limit cannot hold an explicit `requested` (or not even
// kReservedFds), naming the limit and how to raise it; Internal when getrlimit/setrlimit fail.
absl::StatusOr<int> ReserveFileDescriptors(int requested, int default_connections);

}  // namespace server

#endif  // SERVER_HTTP_BUDGETS_H_

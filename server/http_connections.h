// What the HTTP server has open: its connections (ConnState) and the requests libmicrohttpd has
// (Exchange, from request line to completion), with the count of requests in flight that Stop
// waits on. Part of HttpServer (http_server.h).
//
// Thread-safety: every method may be called from any thread.

#ifndef SERVER_HTTP_CONNECTIONS_H_
#define SERVER_HTTP_CONNECTIONS_H_

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/time/time.h"
#include "server/http_exchange.h"

namespace server {
namespace http_internal {

class OpenConnections {
 public:
  OpenConnections() = default;
  OpenConnections(const OpenConnections&) = delete;
  OpenConnections& operator=(const OpenConnections&) = delete;

  // Connections, registered while libmicrohttpd has them; not owned.
  void AddConnection(ConnState* conn);
  // REQUIRES: before the socket is closed, so that ShutDownIdle never shuts down a descriptor
  // number that was reused.
  void RemoveConnection(ConnState* conn);
  size_t connection_count() const;
  // The header deadline: shuts down (both directions) every connection that is not in a request
  // and has been ready for one since before `ready_before_ns` (Unix nanoseconds); its event loop
  // then closes it. Returns how many.
  int ShutDownIdle(int64_t ready_before_ns);

  // Requests, from their request line until libmicrohttpd reports them completed.
  void AddExchange(std::shared_ptr<Exchange> exchange);
  // The exchange removed, or null if it was not there; a request counted in flight is no longer.
  std::shared_ptr<Exchange> RemoveExchange(Exchange* exchange);
  // The exchange whose address is `key` (a DisconnectWatch key), or null.
  std::shared_ptr<Exchange> Find(uint64_t key) const;
  std::vector<std::shared_ptr<Exchange>> Exchanges() const;

  // Requests handed to the handler and not yet completed.
  void CountInFlight(Exchange& exchange);
  int64_t in_flight() const;
  // Waits until no request is in flight or `deadline`; true when none is.
  bool WaitUntilNoneInFlight(absl::Time deadline);
  // Waits `tick`, or less if StopWaiting is called; true once it has been.
  bool WaitTick(absl::Duration tick);
  void StopWaiting();

 private:
  // std::mutex rather than absl::Mutex, so that ThreadSanitizer sees the locking (Debian's
  // Abseil is not instrumented).
  mutable std::mutex mu_;
  std::condition_variable changed_;  // in_flight_ reached 0, or stop_waiting_ was set
  absl::flat_hash_map<Exchange*, std::shared_ptr<Exchange>> exchanges_ ABSL_GUARDED_BY(mu_);
  int64_t in_flight_ ABSL_GUARDED_BY(mu_) = 0;
  bool stop_waiting_ ABSL_GUARDED_BY(mu_) = false;

  mutable std::mutex conn_mu_;
  absl::flat_hash_set<ConnState*> conns_ ABSL_GUARDED_BY(conn_mu_);
};

}  // namespace http_internal
}  // namespace server

#endif  // SERVER_HTTP_CONNECTIONS_H_

// One HTTP request from its request line to the end of its answer (Exchange), and the two
// handles the server's handler gets for it: the HttpResponder and the HttpEventStream of
// http_server.h. Part of HttpServer; the libmicrohttpd core (http_core.cc) drives an
// Exchange's connection side, the handler's threads its answer side.
//
// The libmicrohttpd calls made here are MHD_suspend_connection (SuspendLocked, which only the
// core calls) and MHD_resume_connection, only for a connection that is suspended, so an Exchange
// that is never suspended (as in http_exchange_test) needs no libmicrohttpd at all.

#ifndef SERVER_HTTP_EXCHANGE_H_
#define SERVER_HTTP_EXCHANGE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "server/http_budgets.h"
#include "server/http_disconnect_watch.h"
#include "server/http_types.h"

struct MHD_Connection;

namespace server {
namespace http_internal {

// What the server and its exchanges share; immutable after Start except the budget (itself
// thread-safe). Exchanges may outlive the server, so they hold it by shared_ptr.
struct Config {
  Config(HttpServerOptions options_in, HttpHandler handler_in,
         std::shared_ptr<DisconnectWatch> watch_in)
      : options(std::move(options_in)),
        handler(std::move(handler_in)),
        budget(options.max_buffered_body_bytes),
        watch(std::move(watch_in)) {}

  // options.error_response, or text/plain with the status's message.
  HttpResponse ErrorResponse(int status, const absl::Status& error) const;
  void Log(absl::string_view message) const {
    if (options.log) options.log(message);
  }

  const HttpServerOptions options;
  const HttpHandler handler;
  mutable BodyBudget budget;
  // Watches the sockets of suspended connections; null: only the janitor's sweep notices a
  // client that leaves while its answer is pending.
  const std::shared_ptr<DisconnectWatch> watch;
};

// One accepted connection. Created and destroyed by the connection's event loop (libmicrohttpd's
// connection notifications); the core keeps it registered in between.
struct ConnState {
  int fd = -1;
  std::string peer;
  std::string ip;  // peer without the port: the per-IP limit's key
  int loop = -1;   // index of the event loop (libmicrohttpd daemon) serving it
  // Start of the current header deadline (connection opened, or previous answer finished).
  std::atomic<int64_t> ready_since_ns{0};
  // Headers of a request complete and its answer not yet finished.
  std::atomic<bool> in_request{false};
  bool shut = false;  // shut down by the janitor; guarded by the core's connection mutex
};

// Shared by the core (while libmicrohttpd has the request), the responder and any event stream;
// freed by the last of them.
//
// The fields above `mu` belong to the connection's event loop (libmicrohttpd calls for one
// connection are serialised on one thread); `request` is written there before the handler runs
// and only read afterwards. The fields below `mu` are shared with responder and stream calls
// from any thread. Lock order: libmicrohttpd's response mutex (held around the stream reader)
// before `mu`; libmicrohttpd's own locks after `mu` (suspend and resume are called under `mu`;
// libmicrohttpd calls none of our callbacks while holding its locks).
struct Exchange : std::enable_shared_from_this<Exchange> {
  Exchange(std::shared_ptr<const Config> config_in, const std::atomic<bool>* closing_in,
           MHD_Connection* connection_in, ConnState* conn_in)
      : config(std::move(config_in)),
        closing(closing_in),
        conn(conn_in),
        connection(connection_in) {}
  ~Exchange() { config->budget.Release(body_reserved); }

  // The key under which the disconnect watch reports this exchange's socket.
  uint64_t watch_key() const { return reinterpret_cast<uintptr_t>(this); }

  // Suspends the connection (the core calls it when there is nothing to send yet) and watches
  // its socket for the client leaving. REQUIRES: mu held, on the connection's event loop.
  void SuspendLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu);
  // Resumes the suspended connection so that its event loop picks up what changed. A no-op
  // unless suspended.
  void ResumeLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu);

  // Records the first answer; false if there was one already (or the request is over).
  bool Answer(HttpResponse reply);

  // The client has left while the answer was pending: ends the connection and returns the
  // gone callback to run (once the lock is released).
  std::function<void()> ClientGoneLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu);

  bool StreamOverLocked() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    return finished || client_gone || stream_closed || stream_ended;
  }

  const std::shared_ptr<const Config> config;
  // The server's "closing" flag and the connection: valid while libmicrohttpd has the request.
  const std::atomic<bool>* const closing;
  ConnState* const conn;

  enum class Phase { kHeaders, kBody, kRejected, kHandled };
  Phase phase = Phase::kHeaders;
  size_t body_reserved = 0;  // in config->budget; released by the destructor
  size_t discarded = 0;      // body bytes dropped after a rejection
  bool counted_in_flight = false;
  HttpRequest request;

  std::mutex mu;
  MHD_Connection* connection ABSL_GUARDED_BY(mu);  // null once finished
  bool suspended ABSL_GUARDED_BY(mu) = false;      // by us, not yet resumed
  bool watched ABSL_GUARDED_BY(mu) = false;        // its socket is in config->watch
  bool finished ABSL_GUARDED_BY(mu) = false;       // libmicrohttpd is done with the request
  bool answered ABSL_GUARDED_BY(mu) = false;
  bool client_gone ABSL_GUARDED_BY(mu) = false;  // or too slow: abort the connection
  std::optional<HttpResponse> response ABSL_GUARDED_BY(mu);
  // HttpResponder::OnClientGone's callback, until the request is answered or it runs.
  std::function<void()> on_gone ABSL_GUARDED_BY(mu);
  // Event stream.
  bool streaming ABSL_GUARDED_BY(mu) = false;
  bool stream_closed ABSL_GUARDED_BY(mu) = false;  // Close() called
  bool stream_ended ABSL_GUARDED_BY(mu) = false;   // ended by the server stopping
  std::deque<std::string> events ABSL_GUARDED_BY(mu);
  size_t event_offset ABSL_GUARDED_BY(mu) = 0;  // sent bytes of events.front()
  size_t queued_bytes ABSL_GUARDED_BY(mu) = 0;
  absl::Time last_event_write ABSL_GUARDED_BY(mu);
  std::function<void()> on_close ABSL_GUARDED_BY(mu);
};

// The responder the handler gets for `exchange`.
std::unique_ptr<HttpResponder> NewResponder(std::shared_ptr<Exchange> exchange);

// Copies up to `max` bytes of the queued events into `buffer` and returns how many; ends the
// stream (Write refuses more) and queues options.event_stream_shutdown_event first when the
// server is closing. REQUIRES: exchange.mu held.
size_t TakeEventBytesLocked(Exchange& exchange, char* buffer, size_t max)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(exchange.mu);

}  // namespace http_internal
}  // namespace server

#endif  // SERVER_HTTP_EXCHANGE_H_

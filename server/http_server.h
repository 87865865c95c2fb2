// A generic event-driven HTTP/1.1 server: libmicrohttpd 0.9.75 (`threads` epoll event loops)
// under a small C++ API. It knows nothing about puzzles, JSON or protobuf: a handler gets
// each complete request and answers it through a responder, at once or later from any thread,
// with one response or with a Server-Sent Events stream.
//
// Why libmicrohttpd rather than Boost.Beast (libboost1.81-dev): it is a finished server, not a
// toolkit. Request parsing, chunked decoding, pipelining, 100-continue, timeouts, a per-connection
// memory ceiling for the request line and headers, and suspend/resume are built in and long
// exercised; with Beast each of those would be our own code to write and to get right. (Accepting
// and the connection limits are ours: see http_server.cc for the 0.9.75 bug that made them so.)
//
// What the server guarantees (each is tested in http_server_test.cc):
//   - Slow or idle clients cost a socket and at most connection_memory_limit bytes each, never a
//     thread: one slowloris or 500 idle keep-alive connections do not delay anyone else.
//     A connection must deliver a complete request line and headers within idle_timeout of
//     opening or of its previous response, however slowly it trickles bytes; any connection with
//     no traffic for idle_timeout is closed too (stalled uploads, clients that stop reading).
//   - Request line + headers larger than connection_memory_limit (e.g. 100,000 headers, or one
//     1 MiB header) are refused by libmicrohttpd with 431 (414 for an oversized request line).
//   - A body larger than max_body_bytes gets 413: at once when Content-Length says so, and for
//     a chunked body as soon as the received bytes pass the limit, without buffering the rest.
//     All bodies being received together are also bounded (max_buffered_body_bytes, 503 beyond).
//     Bodies of every content type, application/x-www-form-urlencoded included, reach the handler
//     as raw bytes (no form parsing).
//   - Every method reaches the handler as sent (GET, TRACE, CONNECT, FOO, ...), and the path
//     and query exactly as sent, not percent-decoded (`/%ff%fe` stays `/%ff%fe`): the handler
//     decides what is 404, 405 or 501.
//   - Range is ignored: a response is always complete, once.
//   - Pipelined requests on one connection are all answered, in order.
//   - Stop(grace) stops accepting at once, lets answers in progress finish for up to `grace`,
//     then closes every connection whatever its client does; an event stream still open gets
//     options.event_stream_shutdown_event as its last event.
//   - A client that disconnects while its answer is pending is noticed at once (below).
//
// Errors the server produces itself (413, 503, 500 below) get their body from
// options.error_response, so the embedding service can give them its own shape. Errors that
// libmicrohttpd detects while parsing the request line and headers (400 malformed request, 431,
// 414, 505) carry libmicrohttpd's short fixed HTML body: 0.9.75 has no hook for them.
//
// A pending answer (async or event stream) suspends its connection, which libmicrohttpd then
// does not watch; the server's disconnect watch (one epoll set) notices the client leaving at
// once, and the janitor looks again every 100 ms (for a peer that closed after pipelining more).
// End-of-stream counts as leaving, so a client that half-closes its sending side while waiting
// is disconnected. Either way the handler hears of it (HttpResponder::OnClientGone, an event
// stream's on_close) and can cancel the work that would answer.
//
// The files: http_listen (addresses, listening), http_budgets (descriptor and body budgets),
// http_acceptor (accepting, connection limits), http_exchange (a request, its responder and event
// stream), http_request_reader, http_responses, http_connections (what is open),
// http_disconnect_watch, and http_core (the libmicrohttpd core: callbacks, janitor, stopping).
//
// Threads: `threads` event loops run the handler, the accept loop runs in its own thread, the
// disconnect watch in another, and a janitor thread enforces the header deadline, sends
// event-stream heartbeats and notices clients that disconnect while their answer is pending.
//
// Example:
//   HttpServerOptions options;
//   options.address = "127.0.0.1:0";
//   auto server = HttpServer::Start(options, [pool](const HttpRequest& request,
//                                                   std::unique_ptr<HttpResponder> responder) {
//     if (request.path != "/hello") {
//       responder->Send({404, "text/plain", "no such path\n", {}});
//       return;
//     }
//     pool->Schedule([responder = std::move(responder)]() mutable {
//       responder->Send({200, "text/plain", "hello\n", {}});
//     });
//   });
//   if (!server.ok()) return server.status();
//   ... (*server)->address() ...
//   (*server)->Stop(absl::Seconds(5));

#ifndef SERVER_HTTP_SERVER_H_
#define SERVER_HTTP_SERVER_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "server/http_types.h"

namespace server {

namespace http_internal {
class HttpCore;
}  // namespace http_internal

class HttpServer {
 public:
  // Binds `options.address` and starts serving. Raises the process's RLIMIT_NOFILE soft limit
  // (up to the hard limit) when it is below what max_connections needs (max_connections plus
  // 256 for the rest of the process).
  // Errors: InvalidArgument for a malformed address or option (the message names it),
  // Unavailable "cannot listen for HTTP on H:P: <reason>" when it cannot be bound (never
  // SO_REUSEPORT: a port in use is refused), ResourceExhausted when the file-descriptor hard
  // limit is too low for max_connections, Internal when libmicrohttpd cannot start.
  static absl::StatusOr<std::unique_ptr<HttpServer>> Start(HttpServerOptions options,
                                                           HttpHandler handler);
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  // Stop(absl::ZeroDuration()) if not stopped.
  ~HttpServer();

  // The bound address: the host as given and the actual port ("127.0.0.1:43215").
  const std::string& address() const { return address_; }
  // The connection limit in force: options.max_connections, or what 0 resolved to.
  int max_connections() const { return max_connections_; }

  // Stops accepting at once (new connections are refused), waits up to `grace` for answers in
  // progress (handlers, pending async answers, event streams) to finish, then answers what is
  // still pending with 503 (event streams end), closes every connection and returns. Returns
  // within about grace + 100 ms unless a handler is blocked on an event loop (handlers must not
  // block). Idempotent; concurrent calls wait for the first. Thread-safe, but REQUIRES: not
  // called from a handler or another server callback.
  void Stop(absl::Duration grace);

  HttpServerStats stats() const;

 private:
  HttpServer(std::unique_ptr<http_internal::HttpCore> core, std::string address,
             int max_connections);

  std::unique_ptr<http_internal::HttpCore> core_;
  const std::string address_;
  const int max_connections_;
};

}  // namespace server

#endif  // SERVER_HTTP_SERVER_H_

// What an HttpServer's handler sees (http_server.h): the request, the response, the responder
// that answers it and the event stream it may answer with; and the server's options and stats.
// Split from http_server.h so that the server's parts (http_exchange, ...) can use them without
// depending on the server.

#ifndef SERVER_HTTP_TYPES_H_
#define SERVER_HTTP_TYPES_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace server {

// One complete request. Owned by the server; see HttpResponder::request() for its lifetime.
struct HttpRequest {
  std::string method;        // as sent: "GET", "POST", "TRACE", "FOO", ...
  std::string path;          // the request target up to '?', raw (not percent-decoded)
  std::string query;         // after the first '?', raw; "" when there is none
  std::string version;       // "HTTP/1.1" or "HTTP/1.0"
  std::string content_type;  // the Content-Type header, or ""
  // Every header in the order received, names as sent.
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;  // the whole body (dechunked), at most max_body_bytes
  std::string peer;  // the client's address: "1.2.3.4:5678" or "[::1]:5678"

  // The value of the first header called `name` (ASCII case-insensitive), or null.
  const std::string* FindHeader(absl::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  std::string content_type;  // "" sends no Content-Type
  std::string body;
  // Extra headers. Content-Length, Date and Connection are the server's; a header with CR or LF
  // in its name or value is dropped.
  std::vector<std::pair<std::string, std::string>> headers;
};

// A Server-Sent Events response in progress (200, text/event-stream, chunked).
// Thread-safe: any thread may call Write and Close, concurrently.
class HttpEventStream {
 public:
  virtual ~HttpEventStream() = default;

  // Queues `event_text`, sent as is: the caller formats the event ("data: ...\n\n"). Returns
  // false, and drops the text, once the stream has ended: after Close(), when the client has
  // gone, when the server is stopping, or when the client has fallen more than
  // max_event_stream_buffer_bytes behind (it is then disconnected).
  virtual bool Write(std::string event_text) = 0;

  // Ends the response after what is queued has been sent. Idempotent. on_close will not run.
  virtual void Close() = 0;
};

// Answers one request, exactly once, from any thread, at any time: while the handler runs, or
// later from another thread (the connection is then suspended until the answer comes; other
// connections are served meanwhile). Methods are thread-safe.
//
// If the client disconnects before the answer, the answer is dropped: Send is a harmless no-op.
// Destroying a responder that has not answered sends a 500 (error_response). A responder may
// outlive the HttpServer; its calls are then no-ops.
class HttpResponder {
 public:
  virtual ~HttpResponder() = default;

  // The request being answered, valid as long as this responder.
  virtual const HttpRequest& request() const = 0;

  // Sends `response`. Only the first answer counts (Send or StartEventStream).
  virtual void Send(HttpResponse response) = 0;

  // Runs `on_gone` once, on a server thread, if the request ends before it is answered: the
  // client disconnected, or the server stopped and answered 503 itself. If that has happened
  // already it runs before OnClientGone returns. It should cancel the work that would answer
  // (its answer would be dropped) and not block. Never runs once Send or StartEventStream has
  // answered; a second call replaces the first callback.
  virtual void OnClientGone(std::function<void()> on_gone) = 0;

  // Answers with a Server-Sent Events stream instead (for long searches): 200 with
  // Content-Type text/event-stream and Cache-Control no-cache; events written to the returned
  // stream arrive as they are written. `on_close` runs once, on a server thread, when the stream
  // ends other than by Close(): the client went away, fell too far behind, or the server stopped.
  // It should cancel the producer's work quickly and not block. If the client is already gone it
  // runs before StartEventStream returns. Comment lines (": keep-alive") are sent after
  // event_stream_heartbeat without writes, so proxies keep the stream open.
  // After another answer, returns an ended stream and never runs on_close.
  virtual std::shared_ptr<HttpEventStream> StartEventStream(std::function<void()> on_close) = 0;
};

// Called for every complete request on one of the event-loop threads, concurrently from
// several; it must be thread-safe. It must return quickly: while it runs, its event loop serves
// no other connection. Long work goes to another thread, which answers through the responder.
using HttpHandler = std::function<void(const HttpRequest&, std::unique_ptr<HttpResponder>)>;

struct HttpServerOptions {
  // "host:port": an IPv4 address, a host name, "[IPv6]", or "" for every interface. Port 0
  // picks a free port (see HttpServer::address()).
  std::string address;
  // Event loops, i.e. handler invocations at once.
  int threads = 4;
  // Largest request body accepted (Content-Length or chunked); larger gets 413.
  size_t max_body_bytes = 1 << 20;
  // All request bodies held by the server at once (being received, or with a responder alive);
  // a request that would pass it gets 503. Bounds memory whatever the number of connections.
  size_t max_buffered_body_bytes = 64 << 20;
  // Per-connection memory for the request line, the headers and read/write buffers; headers that
  // do not fit get 431. The worst case for headers is max_connections times this.
  size_t connection_memory_limit = 32 << 10;
  // Connections open at once; beyond, new connections are closed as soon as accepted.
  // 0: kDefaultHttpMaxConnections, or fewer when the hard RLIMIT_NOFILE cannot hold that many
  // (a container started with `--ulimit nofile=1024:1024` still serves). An explicit value the
  // hard limit cannot hold is refused at Start.
  int max_connections = 0;
  // Connections open at once from one IP address; 0 = unlimited.
  int max_connections_per_ip = 0;
  // See the header comment; at least 1 s, whole seconds.
  absl::Duration idle_timeout = absl::Seconds(30);
  // Silence after which an event stream gets a ": keep-alive" comment line; zero = never.
  absl::Duration event_stream_heartbeat = absl::Seconds(15);
  // Text an event stream may have queued for a slow client before it is disconnected.
  size_t max_event_stream_buffer_bytes = 1 << 20;
  // Sent as the last event of every event stream the server ends because it is stopping (after
  // the grace period), so that its client can tell a shutdown from a network cut. "" sends none.
  std::string event_stream_shutdown_event;
  int listen_backlog = 511;
  // Builds the response for errors the server produces itself (413 body too large, 503 busy or
  // shutting down, 500 handler dropped its responder). Receives the HTTP status and a Status
  // with a precise message. Called on server threads. Null: text/plain with the message.
  std::function<HttpResponse(int http_status, const absl::Status& status)> error_response;
  // Receives the server's operational messages (accept failures, libmicrohttpd's own error
  // log: malformed requests, resets...). Called on server threads. Null: dropped.
  std::function<void(absl::string_view message)> log;
};

// Counters for diagnostics and tests. A snapshot; fields are not read atomically together.
// What max_connections = 0 asks for when the file-descriptor limit allows it.
constexpr int kDefaultHttpMaxConnections = 1024;

struct HttpServerStats {
  int64_t open_connections = 0;     // accepted and not yet closed
  int64_t requests_in_flight = 0;   // handler called, answer not yet fully sent
  int64_t buffered_body_bytes = 0;  // reserved by request bodies
  uint64_t connections_accepted = 0;
  uint64_t connections_refused = 0;     // closed at accept: max_connections or per-IP limit
  uint64_t header_deadline_closes = 0;  // closed by the idle_timeout header deadline
  uint64_t bodies_rejected = 0;         // 413 or 503 for a body
};

}  // namespace server

#endif  // SERVER_HTTP_TYPES_H_

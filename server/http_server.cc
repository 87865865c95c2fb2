#include "server/http_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/memory/memory.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace server {

const std::string* HttpRequest::FindHeader(absl::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

namespace {

// After a mid-body rejection, this much more of the body is read and dropped before the
// connection is closed, so that the client reads the error instead of a reset.
constexpr size_t kLingerBytes = 1 << 20;
// The janitor's period: the resolution of the header deadline, of heartbeats and of noticing a
// client that left while its answer was pending.
constexpr absl::Duration kJanitorTick = absl::Milliseconds(100);
// After the grace period, how long Stop waits for the 503s and stream ends it caused.
constexpr absl::Duration kFinalDrain = absl::Milliseconds(100);
// File descriptors needed besides the connections: event loops (epoll + inter-thread channel
// each), listening socket, wake-up eventfd, and the rest of the process.
constexpr uint64_t kReservedFds = 256;
constexpr size_t kStreamBlockSize = 16 << 10;
constexpr char kKeepAliveComment[] = ": keep-alive\n\n";

std::string ErrnoText(int err) {
  char buffer[256];
  std::string text = strerror_r(err, buffer, sizeof(buffer));  // GNU strerror_r
  if (!text.empty()) text[0] = absl::ascii_tolower(static_cast<unsigned char>(text[0]));
  return text;
}

std::string FormatPeer(const sockaddr* address) {
  if (address == nullptr) return "";
  char host[INET6_ADDRSTRLEN] = "";
  if (address->sa_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
    inet_ntop(AF_INET, &v4->sin_addr, host, sizeof(host));
    return absl::StrCat(host, ":", ntohs(v4->sin_port));
  }
  if (address->sa_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(address);
    inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof(host));
    return absl::StrCat("[", host, "]:", ntohs(v6->sin6_port));
  }
  return "";
}

// The address without its port ("1.2.3.4", "::1"): the key of the per-IP connection limit.
std::string FormatIp(const sockaddr* address) {
  char host[INET6_ADDRSTRLEN] = "";
  if (address != nullptr && address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, host,
              sizeof(host));
  } else if (address != nullptr && address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr, host,
              sizeof(host));
  }
  return host;
}

// True when the peer of a connected socket has closed or reset it (without consuming data).
bool PeerGone(int fd) {
  char byte;
  const ssize_t n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n > 0) return false;
  if (n == 0) return true;
  return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

// Bytes of request bodies held at once. Shared with exchanges, which may outlive the server.
class BodyBudget {
 public:
  explicit BodyBudget(size_t limit) : limit_(limit) {}

  bool TryReserve(size_t bytes) {
    size_t used = used_.load(std::memory_order_relaxed);
    do {
      if (bytes > limit_ || used > limit_ - bytes) return false;
    } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    return true;
  }
  void Release(size_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }
  size_t used() const { return used_.load(std::memory_order_relaxed); }
  size_t limit() const { return limit_; }

 private:
  const size_t limit_;
  std::atomic<size_t> used_{0};
};

// What the server and its exchanges share; immutable after Start except the budget.
struct Config {
  Config(HttpServerOptions options_in, HttpHandler handler_in)
      : options(std::move(options_in)),
        handler(std::move(handler_in)),
        budget(options.max_buffered_body_bytes) {}

  HttpResponse ErrorResponse(int status, const absl::Status& error) const {
    if (options.error_response) return options.error_response(status, error);
    HttpResponse response;
    response.status = status;
    response.content_type = "text/plain; charset=utf-8";
    response.body = absl::StrCat(error.message(), "\n");
    return response;
  }
  void Log(absl::string_view message) const {
    if (options.log) options.log(message);
  }

  const HttpServerOptions options;
  const HttpHandler handler;
  mutable BodyBudget budget;  // thread-safe
};

// One accepted connection. Created and destroyed by the connection's event loop (libmicrohttpd's
// connection notifications); registered in Core::conns_ in between.
struct ConnState {
  int fd = -1;
  std::string peer;
  std::string ip;  // peer without the port: the per-IP limit's key
  int loop = -1;   // index of the event loop (libmicrohttpd daemon) serving it
  // Start of the current header deadline (connection opened, or previous answer finished).
  std::atomic<int64_t> ready_since_ns{0};
  // Headers of a request complete and its answer not yet finished.
  std::atomic<bool> in_request{false};
  bool shut = false;  // shut down by the janitor; guarded by Core::conn_mu_
};

// One request, from its request line to the end of its answer. Shared by the server (while
// libmicrohttpd has the request), the responder and any event stream; freed by the last.
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

  // Resumes the suspended connection so that its event loop picks up what changed.
  void ResumeLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    if (!suspended) return;
    suspended = false;
    MHD_resume_connection(connection);
  }

  // Records the first answer; false if there was one already (or the request is over).
  bool Answer(HttpResponse reply) {
    std::lock_guard<std::mutex> lock(mu);
    if (answered || finished) {
      answered = true;
      return false;
    }
    answered = true;
    response = std::move(reply);
    ResumeLocked();
    return true;
  }

  bool StreamOverLocked() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    return finished || client_gone || stream_closed || stream_ended;
  }

  const std::shared_ptr<const Config> config;
  // The server's "closing" flag and the connection: valid while libmicrohttpd has the request;
  // used by its event loop only.
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
  bool finished ABSL_GUARDED_BY(mu) = false;       // libmicrohttpd is done with the request
  bool answered ABSL_GUARDED_BY(mu) = false;
  bool client_gone ABSL_GUARDED_BY(mu) = false;  // or too slow: abort the connection
  std::optional<HttpResponse> response ABSL_GUARDED_BY(mu);
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

class EventStream final : public HttpEventStream {
 public:
  // `exchange` null: an ended stream (the responder had answered already).
  explicit EventStream(std::shared_ptr<Exchange> exchange) : exchange_(std::move(exchange)) {}

  bool Write(std::string event_text) override {
    if (exchange_ == nullptr) return false;
    Exchange& ex = *exchange_;
    std::lock_guard<std::mutex> lock(ex.mu);
    if (ex.StreamOverLocked()) return false;
    if (ex.queued_bytes + event_text.size() > ex.config->options.max_event_stream_buffer_bytes) {
      ex.client_gone = true;  // too far behind: disconnect it, on_close runs
      ex.ResumeLocked();
      return false;
    }
    ex.queued_bytes += event_text.size();
    ex.events.push_back(std::move(event_text));
    ex.last_event_write = absl::Now();
    ex.ResumeLocked();
    return true;
  }

  void Close() override {
    if (exchange_ == nullptr) return;
    std::lock_guard<std::mutex> lock(exchange_->mu);
    if (exchange_->stream_closed) return;
    exchange_->stream_closed = true;
    exchange_->ResumeLocked();
  }

 private:
  const std::shared_ptr<Exchange> exchange_;
};

class Responder final : public HttpResponder {
 public:
  explicit Responder(std::shared_ptr<Exchange> exchange) : exchange_(std::move(exchange)) {}

  ~Responder() override {
    bool answered;
    {
      std::lock_guard<std::mutex> lock(exchange_->mu);
      answered = exchange_->answered;
    }
    if (!answered) {
      exchange_->Answer(exchange_->config->ErrorResponse(
          500,
          absl::InternalError("the request handler dropped the request without answering it")));
    }
  }

  const HttpRequest& request() const override { return exchange_->request; }

  void Send(HttpResponse response) override { exchange_->Answer(std::move(response)); }

  std::shared_ptr<HttpEventStream> StartEventStream(std::function<void()> on_close) override {
    Exchange& ex = *exchange_;
    {
      std::lock_guard<std::mutex> lock(ex.mu);
      if (ex.answered) return std::make_shared<EventStream>(nullptr);
      ex.answered = true;
      if (!ex.finished) {
        ex.streaming = true;
        ex.on_close = std::move(on_close);
        ex.last_event_write = absl::Now();
        ex.ResumeLocked();
        return std::make_shared<EventStream>(exchange_);
      }
    }
    // The client left before the stream started.
    if (on_close) on_close();
    return std::make_shared<EventStream>(nullptr);
  }

 private:
  const std::shared_ptr<Exchange> exchange_;
};

struct ParsedAddress {
  std::string host;
  std::string port;
};

absl::StatusOr<ParsedAddress> ParseAddress(const std::string& address) {
  const std::string expected =
      "expected host:port, e.g. 127.0.0.1:8080, [::1]:8080 or :8080 (port 0 picks a free port)";
  ParsedAddress parsed;
  absl::string_view rest;
  if (absl::StartsWith(address, "[")) {
    const size_t close = address.find(']');
    if (close == std::string::npos || close + 1 >= address.size() || address[close + 1] != ':') {
      return absl::InvalidArgumentError(
          absl::StrCat("HTTP address '", address, "' is malformed; ", expected));
    }
    parsed.host = address.substr(1, close - 1);
    rest = absl::string_view(address).substr(close + 2);
  } else {
    const size_t colon = address.rfind(':');
    if (colon == std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("HTTP address '", address, "' has no port; ", expected));
    }
    parsed.host = address.substr(0, colon);
    if (absl::StrContains(parsed.host, ':')) {
      return absl::InvalidArgumentError(absl::StrCat(
          "HTTP address '", address, "': an IPv6 host must be in brackets, e.g. [::1]:8080"));
    }
    rest = absl::string_view(address).substr(colon + 1);
  }
  uint32_t port = 0;
  if (rest.empty() || rest.size() > 5 ||
      !std::all_of(rest.begin(), rest.end(), [](char c) { return absl::ascii_isdigit(c); }) ||
      !absl::SimpleAtoi(rest, &port) || port > 65535) {
    return absl::InvalidArgumentError(absl::StrCat("HTTP address '", address, "': port '", rest,
                                                   "' is not an integer in 0-65535 (0 picks a "
                                                   "free port)"));
  }
  parsed.port = absl::StrCat(port);
  return parsed;
}

// A listening TCP socket for `address` (non-blocking, close-on-exec, SO_REUSEADDR only so that
// a restart is not refused by connections in TIME_WAIT; never SO_REUSEPORT). Sets *port.
absl::StatusOr<int> Listen(const std::string& address, const ParsedAddress& parsed, int backlog,
                           int* port) {
  addrinfo hints;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* results = nullptr;
  const int gai = getaddrinfo(parsed.host.empty() ? nullptr : parsed.host.c_str(),
                              parsed.port.c_str(), &hints, &results);
  if (gai != 0) {
    return absl::InvalidArgumentError(absl::StrCat("HTTP address '", address,
                                                   "': cannot resolve host '", parsed.host,
                                                   "': ", gai_strerror(gai)));
  }
  // IPv4 first: "localhost" then means 127.0.0.1, which is what clients usually try.
  std::vector<const addrinfo*> candidates;
  for (const addrinfo* a = results; a != nullptr; a = a->ai_next) {
    if (a->ai_family == AF_INET) candidates.push_back(a);
  }
  for (const addrinfo* a = results; a != nullptr; a = a->ai_next) {
    if (a->ai_family == AF_INET6) candidates.push_back(a);
  }
  absl::Status error = absl::UnavailableError(
      absl::StrCat("cannot listen for HTTP on ", address, ": no IPv4 or IPv6 address"));
  int fd = -1;
  for (const addrinfo* a : candidates) {
    fd = socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      error = absl::UnavailableError(
          absl::StrCat("cannot listen for HTTP on ", address, ": socket: ", ErrnoText(errno)));
      continue;
    }
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, backlog) != 0) {
      const int err = errno;
      close(fd);
      fd = -1;
      error = absl::UnavailableError(
          absl::StrCat("cannot listen for HTTP on ", address, ": ", ErrnoText(err)));
      if (err == EADDRINUSE) break;  // the port is taken: do not try another family
      continue;
    }
    break;
  }
  freeaddrinfo(results);
  if (fd < 0) return error;
  sockaddr_storage bound;
  socklen_t length = sizeof(bound);
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length) != 0) {
    const int err = errno;
    close(fd);
    return absl::UnavailableError(
        absl::StrCat("cannot listen for HTTP on ", address, ": getsockname: ", ErrnoText(err)));
  }
  *port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                            : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  return fd;
}

// Resolves `requested` connections (0: kDefaultHttpMaxConnections, or as many as the hard
// RLIMIT_NOFILE holds) and raises RLIMIT_NOFILE's soft limit to what they need: one descriptor
// each plus kReservedFds for the rest of the process. Returns the connection limit.
absl::StatusOr<int> ReserveFileDescriptors(int requested) {
  rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return absl::InternalError(absl::StrCat("getrlimit(RLIMIT_NOFILE): ", ErrnoText(errno)));
  }
  int connections = requested > 0 ? requested : kDefaultHttpMaxConnections;
  if (requested == 0 && limit.rlim_max != RLIM_INFINITY &&
      limit.rlim_max < static_cast<uint64_t>(connections) + kReservedFds) {
    if (limit.rlim_max <= kReservedFds) {
      return absl::ResourceExhaustedError(
          absl::StrCat("the hard RLIMIT_NOFILE is ", limit.rlim_max,
                       "; the HTTP server needs "
                       "more than ",
                       kReservedFds, " file descriptors (ulimit -Hn, LimitNOFILE=)"));
    }
    connections = static_cast<int>(limit.rlim_max - kReservedFds);
  }
  const uint64_t needed = static_cast<uint64_t>(connections) + kReservedFds;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur >= needed) return connections;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed) {
    return absl::ResourceExhaustedError(
        absl::StrCat("max_connections=", connections, " needs about ", needed,
                     " file descriptors but the hard RLIMIT_NOFILE is ", limit.rlim_max,
                     "; lower max_connections (0 fits it to the limit) or raise the limit "
                     "(ulimit -Hn, LimitNOFILE=)"));
  }
  limit.rlim_cur = needed;
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return absl::InternalError(
        absl::StrCat("setrlimit(RLIMIT_NOFILE, ", needed, "): ", ErrnoText(errno)));
  }
  return connections;
}

absl::Status ValidateOptions(const HttpServerOptions& options) {
  auto invalid = [](absl::string_view name, auto value, absl::string_view expected) {
    return absl::InvalidArgumentError(
        absl::StrCat("HTTP server option ", name, "=", value, "; expected ", expected));
  };
  if (options.threads < 1 || options.threads > 256) {
    return invalid("threads", options.threads, "1-256");
  }
  if (options.max_connections < 0) {
    return invalid("max_connections", options.max_connections,
                   "0 (fit to the file-descriptor limit) or more");
  }
  if (options.max_connections_per_ip < 0) {
    return invalid("max_connections_per_ip", options.max_connections_per_ip,
                   "0 (unlimited) or more");
  }
  if (options.connection_memory_limit < 4096) {
    return invalid("connection_memory_limit", options.connection_memory_limit,
                   "at least 4096 bytes");
  }
  if (options.idle_timeout < absl::Seconds(1) || options.idle_timeout > absl::Hours(24)) {
    return invalid("idle_timeout", absl::FormatDuration(options.idle_timeout), "1s-24h");
  }
  if (options.event_stream_heartbeat < absl::ZeroDuration()) {
    return invalid("event_stream_heartbeat", absl::FormatDuration(options.event_stream_heartbeat),
                   "zero (never) or more");
  }
  if (options.max_body_bytes > options.max_buffered_body_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("HTTP server option max_body_bytes=", options.max_body_bytes,
                     " exceeds max_buffered_body_bytes=", options.max_buffered_body_bytes));
  }
  if (options.listen_backlog < 1) {
    return invalid("listen_backlog", options.listen_backlog, "at least 1");
  }
  return absl::OkStatus();
}

// The response as raw HTTP/1.1 bytes, closing the connection.
std::string SerializeClosing(const HttpResponse& response) {
  std::string out = absl::StrCat("HTTP/1.1 ", response.status, " ",
                                 MHD_get_reason_phrase_for(response.status), "\r\n");
  if (!response.content_type.empty()) {
    absl::StrAppend(&out, "Content-Type: ", response.content_type, "\r\n");
  }
  for (const auto& [name, value] : response.headers) {
    if (absl::StrContains(name, '\r') || absl::StrContains(name, '\n') ||
        absl::StrContains(value, '\r') || absl::StrContains(value, '\n')) {
      continue;
    }
    absl::StrAppend(&out, name, ": ", value, "\r\n");
  }
  absl::StrAppend(&out, "Content-Length: ", response.body.size(), "\r\nConnection: close\r\n\r\n",
                  response.body);
  return out;
}

void AddHeaders(MHD_Response* reply, const HttpResponse& response, bool closing) {
  if (!response.content_type.empty()) {
    MHD_add_response_header(reply, MHD_HTTP_HEADER_CONTENT_TYPE, response.content_type.c_str());
  }
  for (const auto& [name, value] : response.headers) {
    // libmicrohttpd refuses names or values with CR or LF (response splitting); so do we.
    MHD_add_response_header(reply, name.c_str(), value.c_str());
  }
  if (closing) MHD_add_response_header(reply, MHD_HTTP_HEADER_CONNECTION, "close");
}

}  // namespace

// The server's state. Threads: the event loops (one libmicrohttpd daemon each; every callback
// for a connection runs on its loop), the accept loop (AcceptLoop), the janitor (JanitorLoop),
// and the callers of Stop/stats. Responders and streams never reach the Core: they hold their
// Exchange, which may outlive it.
class HttpServer::Core {
 public:
  explicit Core(std::shared_ptr<Config> config) : config_(std::move(config)) {}
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;
  ~Core() {
    if (wake_fd_ >= 0) close(wake_fd_);
  }

  absl::Status Start(int listen_fd);
  void Stop(absl::Duration grace);
  HttpServerStats stats() const;
  bool closing() const { return closing_.load(std::memory_order_acquire); }

 private:
  // libmicrohttpd callbacks (trampolines below forward to these).
  void* OnRequestLine(const char* uri, MHD_Connection* connection);
  MHD_Result OnAccess(MHD_Connection* connection, const char* method, const char* version,
                      const char* upload_data, size_t* upload_data_size, void** req_cls);
  void OnCompleted(void** req_cls);
  void OnConnection(MHD_Connection* connection, void** socket_context,
                    MHD_ConnectionNotificationCode code);

  MHD_Result OnHeaders(MHD_Connection* connection, Exchange& ex, const char* method,
                       const char* version);
  MHD_Result OnBodyData(Exchange& ex, const char* data, size_t* size);
  MHD_Result OnRequestComplete(MHD_Connection* connection, Exchange& ex);
  MHD_Result AfterHandler(MHD_Connection* connection, Exchange& ex);
  MHD_Result QueueResponse(MHD_Connection* connection, HttpResponse response);
  MHD_Result QueueStream(MHD_Connection* connection, Exchange& ex);
  void RejectBody(Exchange& ex, int status, const absl::Status& error);

  void AcceptLoop();
  void JanitorLoop();
  void Sweep(absl::Time now);

  static void* UriLogTrampoline(void* cls, const char* uri, MHD_Connection* connection);
  static MHD_Result AccessTrampoline(void* cls, MHD_Connection* connection, const char* url,
                                     const char* method, const char* version,
                                     const char* upload_data, size_t* upload_data_size,
                                     void** req_cls);
  static void CompletedTrampoline(void* cls, MHD_Connection* connection, void** req_cls,
                                  MHD_RequestTerminationCode code);
  static void ConnectionTrampoline(void* cls, MHD_Connection* connection, void** socket_context,
                                   MHD_ConnectionNotificationCode code);
  static size_t UnescapeNothing(void* cls, MHD_Connection* connection, char* text);
  static void LogTrampoline(void* cls, const char* format, va_list args);
  static ssize_t StreamReader(void* cls, uint64_t position, char* buffer, size_t max);
  static void FreeStreamRef(void* cls);

  // Picks the event loop for a new connection and counts it, or refuses it (max_connections,
  // max_connections_per_ip). Returns the loop's index, or -1.
  int Admit(const std::string& ip);
  // Undoes Admit's counts for a connection that is gone.
  void Release(int loop, const std::string& ip);

  const std::shared_ptr<Config> config_;
  // One libmicrohttpd daemon per event loop, each with its own thread, epoll set and
  // connections. Not one daemon with a thread pool: in libmicrohttpd 0.9.75 the pool shares the
  // connection limit out per thread, MHD_add_connection checks a thread's share without a lock,
  // and a thread that then finds itself over its share returns with its cleanup mutex still
  // locked (fixed upstream in 67061d5c, 2023) and deadlocks. Accepting, the limits and the choice
  // of loop are therefore ours; each daemon's own limit is set so high it is never reached.
  std::vector<MHD_Daemon*> daemons_;
  int listen_fd_ = -1;  // owned; closed when accepting stops
  int wake_fd_ = -1;    // eventfd that stops the accept loop
  std::thread acceptor_;
  std::thread janitor_;
  // stopping_: responses carry "Connection: close". closing_: nothing is suspended any more and
  // pending answers become 503s (set after the grace period).
  std::atomic<bool> stopping_{false};
  std::atomic<bool> closing_{false};

  // std::mutex rather than absl::Mutex throughout, so that ThreadSanitizer sees the locking
  // (Debian's Abseil is not instrumented).
  mutable std::mutex mu_;
  std::condition_variable in_flight_done_;  // in_flight_ reached 0, or janitor_stop_ was set
  // Requests libmicrohttpd has (request line seen, completion not yet notified).
  absl::flat_hash_map<Exchange*, std::shared_ptr<Exchange>> live_ ABSL_GUARDED_BY(mu_);
  int64_t in_flight_ ABSL_GUARDED_BY(mu_) = 0;
  bool janitor_stop_ ABSL_GUARDED_BY(mu_) = false;

  mutable std::mutex conn_mu_;
  absl::flat_hash_set<ConnState*> conns_ ABSL_GUARDED_BY(conn_mu_);

  // Connections admitted by the accept loop and not yet closed: in total, per loop, per IP.
  std::mutex admit_mu_;
  int admitted_ ABSL_GUARDED_BY(admit_mu_) = 0;
  std::vector<int> loop_load_ ABSL_GUARDED_BY(admit_mu_);
  absl::flat_hash_map<std::string, int> per_ip_ ABSL_GUARDED_BY(admit_mu_);

  std::mutex stop_mu_;
  bool stopped_ ABSL_GUARDED_BY(stop_mu_) = false;

  std::atomic<uint64_t> accepted_{0};
  std::atomic<uint64_t> refused_{0};
  std::atomic<uint64_t> deadline_closes_{0};
  std::atomic<uint64_t> bodies_rejected_{0};
};

// ---- libmicrohttpd trampolines -----------------------------------------------------------------

void* HttpServer::Core::UriLogTrampoline(void* cls, const char* uri, MHD_Connection* connection) {
  return static_cast<Core*>(cls)->OnRequestLine(uri, connection);
}

MHD_Result HttpServer::Core::AccessTrampoline(void* cls, MHD_Connection* connection,
                                              const char* /*url*/, const char* method,
                                              const char* version, const char* upload_data,
                                              size_t* upload_data_size, void** req_cls) {
  return static_cast<Core*>(cls)->OnAccess(connection, method, version, upload_data,
                                           upload_data_size, req_cls);
}

void HttpServer::Core::CompletedTrampoline(void* cls, MHD_Connection* /*connection*/,
                                           void** req_cls, MHD_RequestTerminationCode /*code*/) {
  static_cast<Core*>(cls)->OnCompleted(req_cls);
}

void HttpServer::Core::ConnectionTrampoline(void* cls, MHD_Connection* connection,
                                            void** socket_context,
                                            MHD_ConnectionNotificationCode code) {
  static_cast<Core*>(cls)->OnConnection(connection, socket_context, code);
}

// Leaves the path and query arguments exactly as sent (libmicrohttpd would percent-decode them).
size_t HttpServer::Core::UnescapeNothing(void* /*cls*/, MHD_Connection* /*connection*/,
                                         char* text) {
  return strlen(text);
}

void HttpServer::Core::LogTrampoline(void* cls, const char* format, va_list args) {
  char buffer[512];
  const int n = vsnprintf(buffer, sizeof(buffer), format, args);
  if (n <= 0) return;
  absl::string_view message(buffer, std::min(static_cast<size_t>(n), sizeof(buffer) - 1));
  while (!message.empty() && message.back() == '\n') message.remove_suffix(1);
  static_cast<const Config*>(cls)->Log(absl::StrCat("libmicrohttpd: ", message));
}

// ---- connections and requests ------------------------------------------------------------------

void HttpServer::Core::OnConnection(MHD_Connection* connection, void** socket_context,
                                    MHD_ConnectionNotificationCode code) {
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    auto* conn = new ConnState();
    const MHD_ConnectionInfo* fd_info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    conn->fd = fd_info != nullptr ? fd_info->connect_fd : -1;
    const MHD_ConnectionInfo* address_info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    conn->peer = FormatPeer(address_info != nullptr ? address_info->client_addr : nullptr);
    conn->ip = FormatIp(address_info != nullptr ? address_info->client_addr : nullptr);
    const MHD_ConnectionInfo* daemon_info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    for (size_t i = 0; daemon_info != nullptr && i < daemons_.size(); ++i) {
      if (daemons_[i] == daemon_info->daemon) conn->loop = static_cast<int>(i);
    }
    conn->ready_since_ns.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(conn_mu_);
      conns_.insert(conn);
    }
    *socket_context = conn;
    return;
  }
  auto* conn = static_cast<ConnState*>(*socket_context);
  if (conn == nullptr) return;
  {
    // libmicrohttpd closes the socket after this returns: once it is out of conns_, the janitor
    // cannot shut down a descriptor number that was reused.
    std::lock_guard<std::mutex> lock(conn_mu_);
    conns_.erase(conn);
  }
  Release(conn->loop, conn->ip);
  delete conn;
  *socket_context = nullptr;
}

void* HttpServer::Core::OnRequestLine(const char* uri, MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  auto* conn = info != nullptr ? static_cast<ConnState*>(info->socket_context) : nullptr;
  auto ex = std::make_shared<Exchange>(config_, &closing_, connection, conn);
  const absl::string_view target = uri != nullptr ? uri : "";
  const size_t question = target.find('?');
  ex->request.path = std::string(target.substr(0, question));
  if (question != absl::string_view::npos)
    ex->request.query = std::string(target.substr(question + 1));
  if (conn != nullptr) ex->request.peer = conn->peer;
  Exchange* raw = ex.get();
  std::lock_guard<std::mutex> lock(mu_);
  live_.emplace(raw, std::move(ex));
  return raw;
}

MHD_Result HttpServer::Core::OnAccess(MHD_Connection* connection, const char* method,
                                      const char* version, const char* upload_data,
                                      size_t* upload_data_size, void** req_cls) {
  Exchange* ex = static_cast<Exchange*>(*req_cls);
  if (ex == nullptr) return MHD_NO;  // cannot happen: the request line callback always runs
  switch (ex->phase) {
    case Exchange::Phase::kHeaders:
      return OnHeaders(connection, *ex, method, version);
    case Exchange::Phase::kBody:
      if (*upload_data_size > 0) return OnBodyData(*ex, upload_data, upload_data_size);
      return OnRequestComplete(connection, *ex);
    case Exchange::Phase::kRejected:
      // The error has been sent; drop what the client still sends, for a while, then close.
      ex->discarded += *upload_data_size;
      if (*upload_data_size == 0 || ex->discarded > kLingerBytes) return MHD_NO;
      *upload_data_size = 0;
      return MHD_YES;
    case Exchange::Phase::kHandled:
      return AfterHandler(connection, *ex);
  }
  return MHD_NO;
}

MHD_Result HttpServer::Core::OnHeaders(MHD_Connection* connection, Exchange& ex, const char* method,
                                       const char* version) {
  if (ex.conn != nullptr) ex.conn->in_request.store(true, std::memory_order_relaxed);
  HttpRequest& request = ex.request;
  request.method = method != nullptr ? method : "";
  request.version = version != nullptr ? version : "";
  MHD_get_connection_values_n(
      connection, MHD_HEADER_KIND,
      [](void* cls, MHD_ValueKind, const char* key, size_t key_size, const char* value,
         size_t value_size) {
        static_cast<HttpRequest*>(cls)->headers.emplace_back(
            std::string(key, key_size),
            value != nullptr ? std::string(value, value_size) : std::string());
        return MHD_YES;
      },
      &request);
  if (const std::string* type = request.FindHeader("Content-Type")) request.content_type = *type;
  ex.phase = Exchange::Phase::kBody;

  const std::string* encoding = request.FindHeader("Transfer-Encoding");
  const std::string* length = request.FindHeader("Content-Length");
  uint64_t declared = 0;
  if (encoding != nullptr || length == nullptr || !absl::SimpleAtoi(*length, &declared)) {
    return MHD_YES;  // no body, or chunked: counted as it arrives
  }
  const size_t limit = config_->options.max_body_bytes;
  if (declared > limit) {
    ex.phase = Exchange::Phase::kRejected;
    bodies_rejected_.fetch_add(1, std::memory_order_relaxed);
    // Queued before the body is read: libmicrohttpd then answers without reading it and
    // closes the connection (and a client that sent Expect: 100-continue sends nothing).
    return QueueResponse(connection,
                         config_->ErrorResponse(
                             413, absl::ResourceExhaustedError(absl::StrCat(
                                      "request body of ", declared,
                                      " bytes exceeds the server's limit of ", limit, " bytes"))));
  }
  if (!config_->budget.TryReserve(declared)) {
    ex.phase = Exchange::Phase::kRejected;
    bodies_rejected_.fetch_add(1, std::memory_order_relaxed);
    return QueueResponse(
        connection,
        config_->ErrorResponse(503, absl::UnavailableError(absl::StrCat(
                                        "the server is receiving too many request bodies at once (",
                                        config_->budget.used(), " of ", config_->budget.limit(),
                                        " bytes buffered); retry later"))));
  }
  ex.body_reserved = declared;
  request.body.reserve(declared);
  return MHD_YES;
}

MHD_Result HttpServer::Core::OnBodyData(Exchange& ex, const char* data, size_t* size) {
  const size_t n = *size;
  *size = 0;
  std::string& body = ex.request.body;
  const size_t limit = config_->options.max_body_bytes;
  if (n > limit - body.size()) {
    RejectBody(ex, 413,
               absl::ResourceExhaustedError(
                   absl::StrCat("request body exceeds the server's limit of ", limit, " bytes")));
    return MHD_YES;
  }
  if (body.size() + n > ex.body_reserved) {
    const size_t more = body.size() + n - ex.body_reserved;
    if (!config_->budget.TryReserve(more)) {
      RejectBody(
          ex, 503,
          absl::UnavailableError(absl::StrCat(
              "the server is receiving too many request bodies at once (", config_->budget.used(),
              " of ", config_->budget.limit(), " bytes buffered); retry later")));
      return MHD_YES;
    }
    ex.body_reserved += more;
  }
  body.append(data, n);
  return MHD_YES;
}

// libmicrohttpd 0.9.75 accepts a response only before the body is read or after all of it
// (MHD_queue_response checks for the HEADERS_PROCESSED and FULL_REQ_RECEIVED states), so a
// chunked body that passes the limit is refused by writing the response straight to the socket
// and shutting down its sending side; the rest of the body is dropped (kLingerBytes at most) and
// the connection closed.
void HttpServer::Core::RejectBody(Exchange& ex, int status, const absl::Status& error) {
  ex.phase = Exchange::Phase::kRejected;
  bodies_rejected_.fetch_add(1, std::memory_order_relaxed);
  std::string().swap(ex.request.body);
  config_->budget.Release(ex.body_reserved);
  ex.body_reserved = 0;
  if (ex.conn == nullptr || ex.conn->fd < 0) return;
  const std::string bytes = SerializeClosing(config_->ErrorResponse(status, error));
  // Nothing else is being sent on this connection (the previous answer is complete), so the
  // few hundred bytes fit in the socket buffer; if they do not, the client sees the close.
  (void)send(ex.conn->fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  shutdown(ex.conn->fd, SHUT_WR);
}

MHD_Result HttpServer::Core::OnRequestComplete(MHD_Connection* connection, Exchange& ex) {
  ex.phase = Exchange::Phase::kHandled;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++in_flight_;
  }
  ex.counted_in_flight = true;
  config_->handler(ex.request, std::make_unique<Responder>(ex.shared_from_this()));
  return AfterHandler(connection, ex);
}

// After the handler returned, and again each time the suspended connection is resumed.
MHD_Result HttpServer::Core::AfterHandler(MHD_Connection* connection, Exchange& ex) {
  std::optional<HttpResponse> response;
  bool stream = false;
  {
    std::lock_guard<std::mutex> lock(ex.mu);
    if (ex.client_gone) return MHD_NO;  // closes the connection
    if (ex.response.has_value()) {
      response = std::move(ex.response);
      ex.response.reset();
    } else if (ex.streaming) {
      stream = true;
    } else if (!closing()) {
      // Wait for Send or StartEventStream (which resume the connection) without holding a
      // thread. Not after closing_: MHD_stop_daemon must find no suspended connection.
      ex.suspended = true;
      MHD_suspend_connection(connection);
      return MHD_YES;
    } else {
      ex.answered = true;
    }
  }
  if (stream) return QueueStream(connection, ex);
  if (!response.has_value()) {
    response = config_->ErrorResponse(
        503, absl::UnavailableError("the server is shutting down and the request was not "
                                    "answered within the shutdown grace period"));
  }
  return QueueResponse(connection, *std::move(response));
}

MHD_Result HttpServer::Core::QueueResponse(MHD_Connection* connection, HttpResponse response) {
  if (response.status < 200 || response.status > 599) {
    const int invalid = response.status;
    response = config_->ErrorResponse(
        500, absl::InternalError(absl::StrCat("the request handler answered with HTTP status ",
                                              invalid, "; expected 200-599")));
  }
  auto* body = new std::string(std::move(response.body));
  MHD_Response* reply = MHD_create_response_from_buffer_with_free_callback_cls(
      body->size(), body->data(), [](void* cls) { delete static_cast<std::string*>(cls); }, body);
  if (reply == nullptr) {
    delete body;
    return MHD_NO;
  }
  AddHeaders(reply, response, stopping_.load(std::memory_order_relaxed));
  const MHD_Result queued =
      MHD_queue_response(connection, static_cast<unsigned int>(response.status), reply);
  MHD_destroy_response(reply);
  return queued;
}

MHD_Result HttpServer::Core::QueueStream(MHD_Connection* connection, Exchange& ex) {
  auto* ref = new std::shared_ptr<Exchange>(ex.shared_from_this());
  MHD_Response* reply = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, kStreamBlockSize,
                                                          &StreamReader, ref, &FreeStreamRef);
  if (reply == nullptr) {
    delete ref;
    return MHD_NO;
  }
  HttpResponse head;
  head.content_type = "text/event-stream";
  head.headers = {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}};
  AddHeaders(reply, head, stopping_.load(std::memory_order_relaxed));
  const MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, reply);
  MHD_destroy_response(reply);
  return queued;
}

// Called by the connection's event loop whenever it can send more of an event stream.
ssize_t HttpServer::Core::StreamReader(void* cls, uint64_t /*position*/, char* buffer, size_t max) {
  Exchange& ex = **static_cast<std::shared_ptr<Exchange>*>(cls);
  std::lock_guard<std::mutex> lock(ex.mu);
  if (ex.client_gone) return MHD_CONTENT_READER_END_WITH_ERROR;
  size_t n = 0;
  while (n < max && !ex.events.empty()) {
    const std::string& front = ex.events.front();
    const size_t take = std::min(max - n, front.size() - ex.event_offset);
    memcpy(buffer + n, front.data() + ex.event_offset, take);
    n += take;
    ex.event_offset += take;
    if (ex.event_offset == front.size()) {
      ex.events.pop_front();
      ex.event_offset = 0;
    }
  }
  if (n > 0) {
    ex.queued_bytes -= n;
    return static_cast<ssize_t>(n);
  }
  if (ex.stream_closed) return MHD_CONTENT_READER_END_OF_STREAM;
  if (ex.closing->load(std::memory_order_acquire)) {
    ex.stream_ended = true;
    return MHD_CONTENT_READER_END_OF_STREAM;
  }
  // Nothing to send: wait for Write or Close (which resume) without spinning the event loop.
  ex.suspended = true;
  MHD_suspend_connection(ex.connection);
  return 0;
}

void HttpServer::Core::FreeStreamRef(void* cls) {
  delete static_cast<std::shared_ptr<Exchange>*>(cls);
}

void HttpServer::Core::OnCompleted(void** req_cls) {
  auto* raw = static_cast<Exchange*>(*req_cls);
  if (raw == nullptr) return;
  *req_cls = nullptr;
  std::shared_ptr<Exchange> ex;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = live_.find(raw);
    if (it == live_.end()) return;
    ex = std::move(it->second);
    live_.erase(it);
    if (raw->counted_in_flight && --in_flight_ == 0) in_flight_done_.notify_all();
  }
  std::function<void()> on_close;
  {
    std::lock_guard<std::mutex> lock(ex->mu);
    ex->finished = true;
    ex->connection = nullptr;
    ex->suspended = false;
    if (ex->streaming && !ex->stream_closed) on_close = std::move(ex->on_close);
    ex->on_close = nullptr;  // it may hold the stream, which holds the exchange
    ex->events.clear();
    ex->queued_bytes = 0;
  }
  if (ex->conn != nullptr) {
    ex->conn->ready_since_ns.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    ex->conn->in_request.store(false, std::memory_order_relaxed);
  }
  if (on_close) on_close();
}

// ---- accepting, janitor, stopping --------------------------------------------------------------

void HttpServer::Core::AcceptLoop() {
  pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
  while (true) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      config_->Log(absl::StrCat("HTTP accept loop: poll: ", ErrnoText(errno)));
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
        config_->Log(absl::StrCat("HTTP accept: ", ErrnoText(err),
                                  err == EMFILE || err == ENFILE
                                      ? " (out of file descriptors; lower max_connections or "
                                        "raise RLIMIT_NOFILE)"
                                      : ""));
        // The listening socket stays readable: back off instead of spinning, unless stopped.
        pollfd wake = {wake_fd_, POLLIN, 0};
        if (poll(&wake, 1, 50) > 0) return;
        break;
      }
      const std::string ip = FormatIp(reinterpret_cast<sockaddr*>(&address));
      const int loop = Admit(ip);
      if (loop < 0) {  // at max_connections or max_connections_per_ip: close at once
        refused_.fetch_add(1, std::memory_order_relaxed);
        close(fd);
        continue;
      }
      // libmicrohttpd owns the socket from here (it closes it on failure).
      if (MHD_add_connection(daemons_[loop], fd, reinterpret_cast<sockaddr*>(&address), length) ==
          MHD_YES) {
        accepted_.fetch_add(1, std::memory_order_relaxed);
      } else {
        Release(loop, ip);
        refused_.fetch_add(1, std::memory_order_relaxed);
      }
    }
  }
}

int HttpServer::Core::Admit(const std::string& ip) {
  const HttpServerOptions& options = config_->options;
  std::lock_guard<std::mutex> lock(admit_mu_);
  if (admitted_ >= options.max_connections) return -1;
  int* from_ip = nullptr;
  if (options.max_connections_per_ip > 0) {
    from_ip = &per_ip_[ip];
    if (*from_ip >= options.max_connections_per_ip) return -1;
  }
  const int loop =
      static_cast<int>(std::min_element(loop_load_.begin(), loop_load_.end()) - loop_load_.begin());
  ++admitted_;
  ++loop_load_[loop];
  if (from_ip != nullptr) ++*from_ip;
  return loop;
}

void HttpServer::Core::Release(int loop, const std::string& ip) {
  if (loop < 0) return;
  std::lock_guard<std::mutex> lock(admit_mu_);
  --admitted_;
  --loop_load_[loop];
  auto it = per_ip_.find(ip);
  if (it != per_ip_.end() && --it->second <= 0) per_ip_.erase(it);
}

void HttpServer::Core::JanitorLoop() {
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (in_flight_done_.wait_for(lock, absl::ToChronoNanoseconds(kJanitorTick),
                                   [this] { return janitor_stop_; })) {
        return;
      }
    }
    Sweep(absl::Now());
  }
}

void HttpServer::Core::Sweep(absl::Time now) {
  const HttpServerOptions& options = config_->options;
  // The header deadline. shutdown() wakes the connection's event loop, which closes it.
  const int64_t deadline_ns =
      absl::ToUnixNanos(now) - absl::ToInt64Nanoseconds(options.idle_timeout);
  {
    std::lock_guard<std::mutex> lock(conn_mu_);
    for (ConnState* conn : conns_) {
      if (conn->shut || conn->in_request.load(std::memory_order_relaxed) ||
          conn->ready_since_ns.load(std::memory_order_relaxed) > deadline_ns || conn->fd < 0) {
        continue;
      }
      shutdown(conn->fd, SHUT_RDWR);
      conn->shut = true;
      deadline_closes_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  // Suspended requests: libmicrohttpd does not watch their sockets, so look for clients that
  // left; and give idle event streams their heartbeat.
  std::vector<std::shared_ptr<Exchange>> live;
  {
    std::lock_guard<std::mutex> lock(mu_);
    live.reserve(live_.size());
    for (const auto& [raw, ex] : live_) live.push_back(ex);
  }
  for (const std::shared_ptr<Exchange>& ex : live) {
    std::lock_guard<std::mutex> lock(ex->mu);
    // While suspended by us the connection (and its socket) cannot be closed.
    if (!ex->suspended || ex->conn == nullptr) continue;
    if (PeerGone(ex->conn->fd)) {
      ex->client_gone = true;
      ex->ResumeLocked();
    } else if (ex->streaming && options.event_stream_heartbeat > absl::ZeroDuration() &&
               now - ex->last_event_write >= options.event_stream_heartbeat) {
      ex->events.emplace_back(kKeepAliveComment);
      ex->queued_bytes += sizeof(kKeepAliveComment) - 1;
      ex->last_event_write = now;
      ex->ResumeLocked();
    }
  }
}

absl::Status HttpServer::Core::Start(int listen_fd) {
  listen_fd_ = listen_fd;
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) {
    close(listen_fd_);
    listen_fd_ = -1;
    return absl::InternalError(absl::StrCat("eventfd: ", ErrnoText(errno)));
  }
  const HttpServerOptions& options = config_->options;
  unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_NO_LISTEN_SOCKET |
                       MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
  if (options.log) flags |= MHD_USE_ERROR_LOG;
  const auto timeout_seconds = static_cast<unsigned int>(
      absl::ToInt64Seconds(absl::Ceil(options.idle_timeout, absl::Seconds(1))));
  {
    std::lock_guard<std::mutex> lock(admit_mu_);
    loop_load_.assign(static_cast<size_t>(options.threads), 0);
  }
  for (int i = 0; i < options.threads; ++i) {
    MHD_Daemon* daemon = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &AccessTrampoline, this,
        // Never reached: Admit keeps every loop at or below max_connections.
        MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned int>(options.max_connections) * 2,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        static_cast<size_t>(options.connection_memory_limit), MHD_OPTION_URI_LOG_CALLBACK,
        &UriLogTrampoline, this, MHD_OPTION_UNESCAPE_CALLBACK, &UnescapeNothing, nullptr,
        MHD_OPTION_NOTIFY_COMPLETED, &CompletedTrampoline, this, MHD_OPTION_NOTIFY_CONNECTION,
        &ConnectionTrampoline, this, MHD_OPTION_EXTERNAL_LOGGER, &LogTrampoline,
        static_cast<void*>(config_.get()), MHD_OPTION_END);
    if (daemon == nullptr) {
      for (MHD_Daemon* started : daemons_) MHD_stop_daemon(started);
      daemons_.clear();
      close(listen_fd_);
      listen_fd_ = -1;
      return absl::InternalError("libmicrohttpd could not start an event loop (MHD_start_daemon)");
    }
    daemons_.push_back(daemon);
  }
  acceptor_ = std::thread([this] { AcceptLoop(); });
  janitor_ = std::thread([this] { JanitorLoop(); });
  return absl::OkStatus();
}

void HttpServer::Core::Stop(absl::Duration grace) {
  std::lock_guard<std::mutex> stop_lock(stop_mu_);
  if (stopped_) return;
  stopped_ = true;
  const absl::Time deadline = absl::Now() + grace;
  stopping_.store(true, std::memory_order_relaxed);
  // 1. Stop accepting: new connections are refused from here on.
  if (acceptor_.joinable()) {
    const uint64_t one = 1;
    if (write(wake_fd_, &one, sizeof(one)) != sizeof(one)) {
      // Cannot happen with a fresh eventfd; the join below would then wait forever.
      config_->Log(absl::StrCat("HTTP stop: cannot wake the accept loop: ", ErrnoText(errno)));
    }
    acceptor_.join();
  }
  if (listen_fd_ >= 0) {
    close(listen_fd_);
    listen_fd_ = -1;
  }
  if (daemons_.empty()) return;
  // 2. Let answers in progress finish, up to the grace period.
  {
    std::unique_lock<std::mutex> lock(mu_);
    in_flight_done_.wait_until(lock, absl::ToChronoTime(deadline),
                               [this] { return in_flight_ == 0; });
    janitor_stop_ = true;
  }
  in_flight_done_.notify_all();
  if (janitor_.joinable()) janitor_.join();
  // 3. Answer what is still pending (503, end of stream) and suspend nothing from now on.
  closing_.store(true, std::memory_order_release);
  std::vector<std::shared_ptr<Exchange>> live;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [raw, ex] : live_) live.push_back(ex);
  }
  for (const std::shared_ptr<Exchange>& ex : live) {
    std::lock_guard<std::mutex> lock(ex->mu);
    ex->ResumeLocked();
  }
  live.clear();
  {
    std::unique_lock<std::mutex> lock(mu_);
    in_flight_done_.wait_for(lock, absl::ToChronoNanoseconds(kFinalDrain),
                             [this] { return in_flight_ == 0; });
  }
  // 4. Close every connection and join the event loops.
  for (MHD_Daemon* daemon : daemons_) MHD_stop_daemon(daemon);
  daemons_.clear();
}

HttpServerStats HttpServer::Core::stats() const {
  HttpServerStats stats;
  {
    std::lock_guard<std::mutex> lock(conn_mu_);
    stats.open_connections = static_cast<int64_t>(conns_.size());
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    stats.requests_in_flight = in_flight_;
  }
  stats.buffered_body_bytes = static_cast<int64_t>(config_->budget.used());
  stats.connections_accepted = accepted_.load(std::memory_order_relaxed);
  stats.connections_refused = refused_.load(std::memory_order_relaxed);
  stats.header_deadline_closes = deadline_closes_.load(std::memory_order_relaxed);
  stats.bodies_rejected = bodies_rejected_.load(std::memory_order_relaxed);
  return stats;
}

// ---- HttpServer --------------------------------------------------------------------------------

HttpServer::HttpServer(std::unique_ptr<Core> core, std::string address, int max_connections)
    : core_(std::move(core)), address_(std::move(address)), max_connections_(max_connections) {}

HttpServer::~HttpServer() { Stop(absl::ZeroDuration()); }

void HttpServer::Stop(absl::Duration grace) { core_->Stop(grace); }

HttpServerStats HttpServer::stats() const { return core_->stats(); }

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(HttpServerOptions options,
                                                              HttpHandler handler) {
  absl::StatusOr<ParsedAddress> parsed = ParseAddress(options.address);
  if (!parsed.ok()) return parsed.status();
  absl::Status valid = ValidateOptions(options);
  if (!valid.ok()) return valid;
  if (!handler) return absl::InvalidArgumentError("HTTP server: the handler is empty");
  absl::StatusOr<int> max_connections = ReserveFileDescriptors(options.max_connections);
  if (!max_connections.ok()) return max_connections.status();
  options.max_connections = *max_connections;
  int port = 0;
  absl::StatusOr<int> listen_fd = Listen(options.address, *parsed, options.listen_backlog, &port);
  if (!listen_fd.ok()) return listen_fd.status();
  const bool bracketed = absl::StrContains(parsed->host, ':');
  std::string address =
      absl::StrCat(bracketed ? "[" : "", parsed->host, bracketed ? "]" : "", ":", port);
  auto core =
      std::make_unique<Core>(std::make_shared<Config>(std::move(options), std::move(handler)));
  absl::Status started = core->Start(*listen_fd);
  if (!started.ok()) return started;
  return absl::WrapUnique(new HttpServer(std::move(core), std::move(address), *max_connections));
}

}  // namespace server

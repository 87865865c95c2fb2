#include "server/http_core.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "server/http_listen.h"
#include "server/http_request_reader.h"
#include "server/http_responses.h"

namespace server {
namespace http_internal {
namespace {

// After a mid-body rejection, this much more of the body is read and dropped before the
// connection is closed, so that the client reads the error instead of a reset.
constexpr size_t kLingerBytes = 1 << 20;
// The janitor's period: the resolution of the header deadline, of heartbeats, and of noticing a
// client that left while its answer was pending when the disconnect watch did not (see Sweep).
constexpr absl::Duration kJanitorTick = absl::Milliseconds(100);
// After the grace period, how long Stop waits for the 503s and stream ends it caused.
constexpr absl::Duration kFinalDrain = absl::Milliseconds(100);
constexpr char kKeepAliveComment[] = ": keep-alive\n\n";

// True when the peer of a connected socket has closed or reset it (without consuming data).
bool PeerGone(int fd) {
  char byte;
  const ssize_t n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n > 0) return false;
  if (n == 0) return true;
  return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

}  // namespace

// libmicrohttpd's C callbacks, forwarding to the core (or, for the logger, the config).
struct Trampolines {
  static void* UriLog(void* cls, const char* uri, MHD_Connection* connection) {
    return static_cast<HttpCore*>(cls)->OnRequestLine(uri, connection);
  }
  static MHD_Result Access(void* cls, MHD_Connection* connection, const char* /*url*/,
                           const char* method, const char* version, const char* upload_data,
                           size_t* upload_data_size, void** req_cls) {
    return static_cast<HttpCore*>(cls)->OnAccess(connection, method, version, upload_data,
                                                 upload_data_size, req_cls);
  }
  static void Completed(void* cls, MHD_Connection* /*connection*/, void** req_cls,
                        MHD_RequestTerminationCode /*code*/) {
    static_cast<HttpCore*>(cls)->OnCompleted(req_cls);
  }
  static void Connection(void* cls, MHD_Connection* connection, void** socket_context,
                         MHD_ConnectionNotificationCode code) {
    static_cast<HttpCore*>(cls)->OnConnection(connection, socket_context, code);
  }
  // Leaves the path and query exactly as sent (libmicrohttpd would percent-decode them).
  static size_t UnescapeNothing(void* /*cls*/, MHD_Connection* /*connection*/, char* text) {
    return strlen(text);
  }
  static void Log(void* cls, const char* format, va_list args) {
    char buffer[512];
    const int n = vsnprintf(buffer, sizeof(buffer), format, args);
    if (n <= 0) return;
    absl::string_view message(buffer, std::min(static_cast<size_t>(n), sizeof(buffer) - 1));
    while (!message.empty() && message.back() == '\n') message.remove_suffix(1);
    static_cast<const Config*>(cls)->Log(absl::StrCat("libmicrohttpd: ", message));
  }
};

HttpCore::HttpCore(std::shared_ptr<Config> config)
    : config_(std::move(config)),
      acceptor_(
          HttpAcceptor::Limits{config_->options.max_connections,
                               config_->options.max_connections_per_ip, config_->options.threads},
          [this](int loop, int fd, const sockaddr* address, socklen_t length) {
            return MHD_add_connection(daemons_[loop], fd, address, length) == MHD_YES;
          },
          [config = config_](absl::string_view message) { config->Log(message); }) {}

HttpCore::~HttpCore() { Stop(absl::ZeroDuration()); }

// ---- connections and requests ------------------------------------------------------------------

void HttpCore::OnConnection(MHD_Connection* connection, void** socket_context,
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
    open_.AddConnection(conn);
    *socket_context = conn;
    return;
  }
  auto* conn = static_cast<ConnState*>(*socket_context);
  if (conn == nullptr) return;
  open_.RemoveConnection(conn);  // libmicrohttpd closes the socket after this returns
  acceptor_.Release(conn->loop, conn->ip);
  delete conn;
  *socket_context = nullptr;
}

void* HttpCore::OnRequestLine(const char* uri, MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  auto* conn = info != nullptr ? static_cast<ConnState*>(info->socket_context) : nullptr;
  auto ex = std::make_shared<Exchange>(config_, &closing_, connection, conn);
  const absl::string_view target = uri != nullptr ? uri : "";
  const size_t question = target.find('?');
  ex->request.path = std::string(target.substr(0, question));
  if (question != absl::string_view::npos) {
    ex->request.query = std::string(target.substr(question + 1));
  }
  if (conn != nullptr) ex->request.peer = conn->peer;
  Exchange* raw = ex.get();
  open_.AddExchange(std::move(ex));
  return raw;
}

MHD_Result HttpCore::OnAccess(MHD_Connection* connection, const char* method, const char* version,
                              const char* upload_data, size_t* upload_data_size, void** req_cls) {
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

MHD_Result HttpCore::OnHeaders(MHD_Connection* connection, Exchange& ex, const char* method,
                               const char* version) {
  if (ex.conn != nullptr) ex.conn->in_request.store(true, std::memory_order_relaxed);
  ex.phase = Exchange::Phase::kBody;
  const BodyRefusal refused = ReadHeaders(connection, method, version, ex);
  if (refused.http_status == 0) return MHD_YES;
  ex.phase = Exchange::Phase::kRejected;
  bodies_rejected_.fetch_add(1, std::memory_order_relaxed);
  // Queued before the body is read: libmicrohttpd then answers without reading it and closes
  // the connection (and a client that sent Expect: 100-continue sends nothing).
  return QueueResponse(*config_, connection,
                       config_->ErrorResponse(refused.http_status, refused.error),
                       stopping_.load(std::memory_order_relaxed));
}

MHD_Result HttpCore::OnBodyData(Exchange& ex, const char* data, size_t* size) {
  const BodyRefusal refused = AppendBody(ex, data, *size);
  *size = 0;
  if (refused.http_status != 0) RejectBody(ex, refused.http_status, refused.error);
  return MHD_YES;
}

// libmicrohttpd 0.9.75 accepts a response only before the body is read or after all of it
// (MHD_queue_response checks for the HEADERS_PROCESSED and FULL_REQ_RECEIVED states), so a
// chunked body that passes the limit is refused by writing the response straight to the socket
// and shutting down its sending side; the rest of the body is dropped (kLingerBytes at most) and
// the connection closed.
void HttpCore::RejectBody(Exchange& ex, int status, const absl::Status& error) {
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

MHD_Result HttpCore::OnRequestComplete(MHD_Connection* connection, Exchange& ex) {
  ex.phase = Exchange::Phase::kHandled;
  open_.CountInFlight(ex);
  config_->handler(ex.request, NewResponder(ex.shared_from_this()));
  return AfterHandler(connection, ex);
}

// After the handler returned, and again each time the suspended connection is resumed.
MHD_Result HttpCore::AfterHandler(MHD_Connection* connection, Exchange& ex) {
  std::optional<HttpResponse> response;
  std::function<void()> gone;
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
      ex.SuspendLocked();
      return MHD_YES;
    } else {
      ex.answered = true;  // by the 503 below: the work that would answer is not wanted
      gone = std::move(ex.on_gone);
    }
  }
  const bool closing_connection = stopping_.load(std::memory_order_relaxed);
  if (stream) return QueueEventStream(connection, ex, closing_connection);
  if (!response.has_value()) {
    if (gone) gone();
    response = config_->ErrorResponse(
        503, absl::UnavailableError("the server is shutting down and the request was not "
                                    "answered within the shutdown grace period"));
  }
  return QueueResponse(*config_, connection, *std::move(response), closing_connection);
}

void HttpCore::OnCompleted(void** req_cls) {
  auto* raw = static_cast<Exchange*>(*req_cls);
  if (raw == nullptr) return;
  *req_cls = nullptr;
  std::shared_ptr<Exchange> ex = open_.RemoveExchange(raw);
  if (ex == nullptr) return;
  std::function<void()> ended;  // on_close of a stream, or on_gone of an unanswered request
  std::function<void()> dropped;
  {
    std::lock_guard<std::mutex> lock(ex->mu);
    ex->finished = true;
    ex->suspended = false;  // libmicrohttpd is done: nothing to resume
    if (ex->watched) {
      config_->watch->Unwatch(ex->conn->fd);
      ex->watched = false;
    }
    ex->connection = nullptr;
    if (ex->streaming && !ex->stream_closed) ended = std::move(ex->on_close);
    if (!ex->answered) ended = std::move(ex->on_gone);
    dropped = std::move(ex->on_close);  // it may hold the stream, which holds the exchange
    ex->events.clear();
    ex->queued_bytes = 0;
  }
  if (ex->conn != nullptr) {
    ex->conn->ready_since_ns.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    ex->conn->in_request.store(false, std::memory_order_relaxed);
  }
  if (ended) ended();
}

void HttpCore::OnHangup(uint64_t key) {
  std::shared_ptr<Exchange> ex = open_.Find(key);
  if (ex == nullptr) return;  // reported just after it ended
  std::function<void()> gone;
  {
    std::lock_guard<std::mutex> lock(ex->mu);
    // While suspended by us the connection (and its socket) cannot be closed. Not gone: data
    // is pending (pipelined, then closed); the janitor looks again.
    if (!ex->suspended || ex->conn == nullptr || !PeerGone(ex->conn->fd)) return;
    gone = ex->ClientGoneLocked();
  }
  if (gone) gone();
}

// ---- janitor, starting, stopping ---------------------------------------------------------------

void HttpCore::JanitorLoop() {
  while (!open_.WaitTick(kJanitorTick)) Sweep(absl::Now());
}

void HttpCore::Sweep(absl::Time now) {
  const HttpServerOptions& options = config_->options;
  // The header deadline. shutdown() wakes the connection's event loop, which closes it.
  deadline_closes_.fetch_add(
      open_.ShutDownIdle(absl::ToUnixNanos(now) - absl::ToInt64Nanoseconds(options.idle_timeout)),
      std::memory_order_relaxed);
  // Suspended requests: clients that left unseen by the disconnect watch (it was full, or the
  // peer closed after pipelining more), and the heartbeat of idle event streams.
  for (const std::shared_ptr<Exchange>& ex : open_.Exchanges()) {
    std::function<void()> gone;
    {
      std::lock_guard<std::mutex> lock(ex->mu);
      if (!ex->suspended || ex->conn == nullptr) continue;
      if (PeerGone(ex->conn->fd)) {
        gone = ex->ClientGoneLocked();
      } else if (ex->streaming && options.event_stream_heartbeat > absl::ZeroDuration() &&
                 now - ex->last_event_write >= options.event_stream_heartbeat) {
        ex->events.emplace_back(kKeepAliveComment);
        ex->queued_bytes += sizeof(kKeepAliveComment) - 1;
        ex->last_event_write = now;
        ex->ResumeLocked();
      }
    }
    if (gone) gone();
  }
}

absl::Status HttpCore::Start(int listen_fd) {
  const HttpServerOptions& options = config_->options;
  unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_NO_LISTEN_SOCKET |
                       MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
  if (options.log) flags |= MHD_USE_ERROR_LOG;
  const auto timeout_seconds = static_cast<unsigned int>(
      absl::ToInt64Seconds(absl::Ceil(options.idle_timeout, absl::Seconds(1))));
  for (int i = 0; i < options.threads; ++i) {
    MHD_Daemon* daemon = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &Trampolines::Access, this,
        // Never reached: the acceptor keeps every loop at or below max_connections.
        MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned int>(options.max_connections) * 2,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        static_cast<size_t>(options.connection_memory_limit), MHD_OPTION_URI_LOG_CALLBACK,
        &Trampolines::UriLog, this, MHD_OPTION_UNESCAPE_CALLBACK, &Trampolines::UnescapeNothing,
        nullptr, MHD_OPTION_NOTIFY_COMPLETED, &Trampolines::Completed, this,
        MHD_OPTION_NOTIFY_CONNECTION, &Trampolines::Connection, this, MHD_OPTION_EXTERNAL_LOGGER,
        &Trampolines::Log, static_cast<void*>(config_.get()), MHD_OPTION_END);
    if (daemon == nullptr) {
      for (MHD_Daemon* started : daemons_) MHD_stop_daemon(started);
      daemons_.clear();
      close(listen_fd);
      return absl::InternalError("libmicrohttpd could not start an event loop (MHD_start_daemon)");
    }
    daemons_.push_back(daemon);
  }
  if (config_->watch != nullptr) {
    config_->watch->Start([this](uint64_t key) { OnHangup(key); });
  }
  absl::Status accepting = acceptor_.Start(listen_fd);
  if (!accepting.ok()) {
    Stop(absl::ZeroDuration());
    return accepting;
  }
  janitor_ = std::thread([this] { JanitorLoop(); });
  return absl::OkStatus();
}

void HttpCore::Stop(absl::Duration grace) {
  std::lock_guard<std::mutex> stop_lock(stop_mu_);
  if (stopped_) return;
  stopped_ = true;
  const absl::Time deadline = absl::Now() + grace;
  stopping_.store(true, std::memory_order_relaxed);
  // 1. Stop accepting: new connections are refused from here on.
  acceptor_.Stop();
  if (daemons_.empty()) return;
  // 2. Let answers in progress finish, up to the grace period.
  open_.WaitUntilNoneInFlight(deadline);
  open_.StopWaiting();
  if (janitor_.joinable()) janitor_.join();
  // 3. Answer what is still pending (503, end of stream) and suspend nothing from now on.
  closing_.store(true, std::memory_order_release);
  for (const std::shared_ptr<Exchange>& ex : open_.Exchanges()) {
    std::lock_guard<std::mutex> lock(ex->mu);
    ex->ResumeLocked();
  }
  open_.WaitUntilNoneInFlight(absl::Now() + kFinalDrain);
  // 4. Close every connection, join the event loops and the watch (whose callback uses this).
  for (MHD_Daemon* daemon : daemons_) MHD_stop_daemon(daemon);
  daemons_.clear();
  if (config_->watch != nullptr) config_->watch->Stop();
}

HttpServerStats HttpCore::stats() const {
  HttpServerStats stats;
  stats.open_connections = static_cast<int64_t>(open_.connection_count());
  stats.requests_in_flight = open_.in_flight();
  stats.buffered_body_bytes = static_cast<int64_t>(config_->budget.used());
  stats.connections_accepted = acceptor_.accepted();
  stats.connections_refused = acceptor_.refused();
  stats.header_deadline_closes = deadline_closes_.load(std::memory_order_relaxed);
  stats.bodies_rejected = bodies_rejected_.load(std::memory_order_relaxed);
  return stats;
}

}  // namespace http_internal
}  // namespace server

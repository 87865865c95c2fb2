#include "server/http_server.h"

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"
#include "server/http_budgets.h"
#include "server/http_core.h"
#include "server/http_disconnect_watch.h"
#include "server/http_listen.h"

namespace server {
namespace {

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

}  // namespace

HttpServer::HttpServer(std::unique_ptr<http_internal::HttpCore> core, std::string address,
                       int max_connections)
    : core_(std::move(core)), address_(std::move(address)), max_connections_(max_connections) {}

HttpServer::~HttpServer() { Stop(absl::ZeroDuration()); }

void HttpServer::Stop(absl::Duration grace) { core_->Stop(grace); }

HttpServerStats HttpServer::stats() const { return core_->stats(); }

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(HttpServerOptions options,
                                                              HttpHandler handler) {
  absl::StatusOr<HttpAddress> parsed = ParseHttpAddress(options.address);
  if (!parsed.ok()) return parsed.status();
  absl::Status valid = ValidateOptions(options);
  if (!valid.ok()) return valid;
  if (!handler) return absl::InvalidArgumentError("HTTP server: the handler is empty");
  absl::StatusOr<int> max_connections =
      ReserveFileDescriptors(options.max_connections, kDefaultHttpMaxConnections);
  if (!max_connections.ok()) return max_connections.status();
  options.max_connections = *max_connections;
  // Without the watch (the kernel refused an epoll set) the janitor still notices clients that
  // leave, only later.
  absl::StatusOr<std::unique_ptr<DisconnectWatch>> watch = DisconnectWatch::Create();
  absl::StatusOr<HttpListener> listener = ListenHttp(options.address, options.listen_backlog);
  if (!listener.ok()) return listener.status();
  auto core = std::make_unique<http_internal::HttpCore>(std::make_shared<http_internal::Config>(
      std::move(options), std::move(handler),
      watch.ok() ? std::shared_ptr<DisconnectWatch>(*std::move(watch)) : nullptr));
  absl::Status started = core->Start(listener->fd);
  if (!started.ok()) return started;
  return absl::WrapUnique(
      new HttpServer(std::move(core), std::move(listener->address), *max_connections));
}

}  // namespace server

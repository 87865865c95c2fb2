// The libmicrohttpd core of HttpServer (http_server.h): one daemon per event loop, the request
// callbacks that read a request into its Exchange and hand it to the handler, the janitor
// (header deadline, event-stream heartbeats, clients that left while suspended) and stopping.
// Accepting is HttpAcceptor's (http_acceptor.h), responses are http_responses.h's.
//
// Threads: the event loops (every libmicrohttpd callback for a connection runs on its loop), the
// accept loop, the janitor, the disconnect watch's thread, and the callers of Stop and stats.
// Responders and streams never reach the core: they hold their Exchange, which may outlive it.

#ifndef SERVER_HTTP_CORE_H_
#define SERVER_HTTP_CORE_H_

#include <microhttpd.h>

#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/time/time.h"
#include "server/http_acceptor.h"
#include "server/http_connections.h"
#include "server/http_exchange.h"
#include "server/http_types.h"

namespace server {
namespace http_internal {

class HttpCore {
 public:
  // REQUIRES: config->options are valid (ValidateOptions) and max_connections resolved.
  explicit HttpCore(std::shared_ptr<Config> config);
  HttpCore(const HttpCore&) = delete;
  HttpCore& operator=(const HttpCore&) = delete;
  ~HttpCore();  // Stop(zero)

  // Starts the event loops, the janitor and accepting on `listen_fd` (owned from here on).
  // Errors: Internal when libmicrohttpd or a descriptor cannot be set up (the socket is closed).
  absl::Status Start(int listen_fd);
  // See HttpServer::Stop.
  void Stop(absl::Duration grace);
  HttpServerStats stats() const;

 private:
  bool closing() const { return closing_.load(std::memory_order_acquire); }

  // libmicrohttpd callbacks (the trampolines in http_core.cc forward to these).
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
  void RejectBody(Exchange& ex, int status, const absl::Status& error);
  // A socket the disconnect watch reported: the client may have left a suspended exchange.
  void OnHangup(uint64_t key);

  void JanitorLoop();
  void Sweep(absl::Time now);

  friend struct Trampolines;

  const std::shared_ptr<Config> config_;
  // One libmicrohttpd daemon per event loop, each with its own thread, epoll set and
  // connections (why not a thread pool: http_acceptor.h).
  std::vector<MHD_Daemon*> daemons_;
  HttpAcceptor acceptor_;
  std::thread janitor_;
  // stopping_: responses carry "Connection: close". closing_: nothing is suspended any more and
  // pending answers become 503s (set after the grace period).
  std::atomic<bool> stopping_{false};
  std::atomic<bool> closing_{false};

  OpenConnections open_;

  std::mutex stop_mu_;
  bool stopped_ ABSL_GUARDED_BY(stop_mu_) = false;

  std::atomic<uint64_t> deadline_closes_{0};
  std::atomic<uint64_t> bodies_rejected_{0};
};

}  // namespace http_internal
}  // namespace server

#endif  // SERVER_HTTP_CORE_H_

// Reading a request into its Exchange against the server's bounds: the headers as sent, and the
// body within max_body_bytes and the BodyBudget of all bodies held at once. Part of HttpServer
// (http_server.h); called on the connection's event loop, which owns the exchange's request.

#ifndef SERVER_HTTP_REQUEST_READER_H_
#define SERVER_HTTP_REQUEST_READER_H_

#include <microhttpd.h>

#include <cstddef>

#include "absl/status/status.h"
#include "server/http_exchange.h"

namespace server {
namespace http_internal {

// Why a body is refused: the HTTP status (413 too large, 503 the budget is spent) and the error.
struct BodyRefusal {
  int http_status = 0;  // 0: not refused
  absl::Status error;
};

// Copies the method, version and headers of `connection`'s request into `exchange.request`, and
// reserves the declared Content-Length in the budget. Refused when the declared length is over
// the limit or the budget cannot hold it (a chunked body is counted by AppendBody instead).
BodyRefusal ReadHeaders(MHD_Connection* connection, const char* method, const char* version,
                        Exchange& exchange);

// Appends `size` body bytes, reserving more of the budget when the body outgrows what was
// declared. Refused (nothing appended) when the body would pass the limit or the budget.
BodyRefusal AppendBody(Exchange& exchange, const char* data, size_t size);

}  // namespace http_internal
}  // namespace server

#endif  // SERVER_HTTP_REQUEST_READER_H_

// How the HTTP server's answers become libmicrohttpd responses: a whole response, an event
// stream fed from its Exchange, and the raw bytes of an error written past libmicrohttpd. Part of
// HttpServer (http_server.h); called on the connection's event loop.

#ifndef SERVER_HTTP_RESPONSES_H_
#define SERVER_HTTP_RESPONSES_H_

#include <microhttpd.h>

#include <string>

#include "server/http_exchange.h"
#include "server/http_types.h"

namespace server {
namespace http_internal {

// Queues `response` on `connection`; `closing` adds "Connection: close". A status outside
// 200-599 becomes the config's 500. Returns libmicrohttpd's verdict (MHD_NO closes).
MHD_Result QueueResponse(const Config& config, MHD_Connection* connection, HttpResponse response,
                         bool closing);

// Queues a 200 text/event-stream response whose body is read from `exchange`'s events as they
// are written (TakeEventBytesLocked), the connection suspended while there are none.
MHD_Result QueueEventStream(MHD_Connection* connection, Exchange& exchange, bool closing);

// `response` as raw HTTP/1.1 bytes that close the connection (for errors sent while
// libmicrohttpd still reads a body, when it would not queue a response).
std::string SerializeClosing(const HttpResponse& response);

}  // namespace http_internal
}  // namespace server

#endif  // SERVER_HTTP_RESPONSES_H_

// The HTTP server's addresses: parsing "host:port", binding a listening TCP socket, and naming a
// peer. Part of HttpServer (http_server.h); no libmicrohttpd here.
//
// Thread-safety: pure functions (Listen changes only the socket it creates).

#ifndef SERVER_HTTP_LISTEN_H_
#define SERVER_HTTP_LISTEN_H_

#include <sys/socket.h>

#include <string>

#include "absl/status/statusor.h"

namespace server {

struct HttpAddress {
  std::string host;  // "" for every interface; an IPv6 host without its brackets
  std::string port;  // the decimal port, normalised ("08080" -> "8080")
};

// Parses "host:port", "[IPv6]:port" or ":port" (port 0 picks a free port).
// Errors: InvalidArgument naming the address and what was expected.
absl::StatusOr<HttpAddress> ParseHttpAddress(const std::string& address);

struct HttpListener {
  int fd = -1;  // owned by the caller: non-blocking, close-on-exec, listening
  // The bound address: the host as given and the actual port ("127.0.0.1:43215", "[::1]:80").
  std::string address;
};

// Binds and listens on `address` with `backlog`: IPv4 first when a name resolves to both (so
// "localhost" is 127.0.0.1, what clients usually try). SO_REUSEADDR only, so that a restart is
// not refused by connections in TIME_WAIT; never SO_REUSEPORT, so a port in use is refused.
// Errors: those of ParseHttpAddress, InvalidArgument for a host that does not resolve,
// Unavailable "cannot listen for HTTP on <address>: <reason>".
absl::StatusOr<HttpListener> ListenHttp(const std::string& address, int backlog);

// "1.2.3.4:5678" or "[::1]:5678"; "" for null or another family.
std::string FormatPeer(const sockaddr* address);

// The address without its port ("1.2.3.4", "::1"): the key of the per-IP connection limit.
std::string FormatIp(const sockaddr* address);

// strerror_r's text, starting in lower case ("address already in use").
std::string ErrnoText(int err);

}  // namespace server

#endif  // SERVER_HTTP_LISTEN_H_

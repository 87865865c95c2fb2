#include "server/http_listen.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace server {

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

absl::StatusOr<HttpAddress> ParseHttpAddress(const std::string& address) {
  const std::string expected =
      "expected host:port, e.g. 127.0.0.1:8080, [::1]:8080 or :8080 (port 0 picks a free port)";
  HttpAddress parsed;
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

namespace {

// Binds the first candidate that takes the port; stops at EADDRINUSE (the port is taken: do not
// try another family). Returns the socket, or sets *error.
int BindFirst(const std::string& address, const std::vector<const addrinfo*>& candidates,
              int backlog, absl::Status* error) {
  for (const addrinfo* a : candidates) {
    const int fd = socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
      *error = absl::UnavailableError(
          absl::StrCat("cannot listen for HTTP on ", address, ": socket: ", ErrnoText(errno)));
      continue;
    }
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, backlog) == 0) return fd;
    const int err = errno;
    close(fd);
    *error = absl::UnavailableError(
        absl::StrCat("cannot listen for HTTP on ", address, ": ", ErrnoText(err)));
    if (err == EADDRINUSE) break;
  }
  return -1;
}

}  // namespace

absl::StatusOr<HttpListener> ListenHttp(const std::string& address, int backlog) {
  absl::StatusOr<HttpAddress> parsed = ParseHttpAddress(address);
  if (!parsed.ok()) return parsed.status();
  addrinfo hints;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* results = nullptr;
  const int gai = getaddrinfo(parsed->host.empty() ? nullptr : parsed->host.c_str(),
                              parsed->port.c_str(), &hints, &results);
  if (gai != 0) {
    return absl::InvalidArgumentError(absl::StrCat("HTTP address '", address,
                                                   "': cannot resolve host '", parsed->host,
                                                   "': ", gai_strerror(gai)));
  }
  std::vector<const addrinfo*> candidates;
  for (int family : {AF_INET, AF_INET6}) {
    for (const addrinfo* a = results; a != nullptr; a = a->ai_next) {
      if (a->ai_family == family) candidates.push_back(a);
    }
  }
  absl::Status error = absl::UnavailableError(
      absl::StrCat("cannot listen for HTTP on ", address, ": no IPv4 or IPv6 address"));
  const int fd = BindFirst(address, candidates, backlog, &error);
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
  const int port =
      ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                        : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  const bool bracketed = absl::StrContains(parsed->host, ':');
  return HttpListener{
      fd, absl::StrCat(bracketed ? "[" : "", parsed->host, bracketed ? "]" : "", ":", port)};
}

}  // namespace server

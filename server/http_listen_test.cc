#include "server/http_listen.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace server {
namespace {

TEST(ParseHttpAddressTest, HostsAndPorts) {
  absl::StatusOr<HttpAddress> a = ParseHttpAddress("127.0.0.1:8080");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->host, "127.0.0.1");
  EXPECT_EQ(a->port, "8080");
  a = ParseHttpAddress("[::1]:080");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->host, "::1");
  EXPECT_EQ(a->port, "80");
  a = ParseHttpAddress(":0");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->host, "");
  EXPECT_EQ(a->port, "0");
}

TEST(ParseHttpAddressTest, MalformedAddressesAreRefusedWithOneClearLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"127.0.0.1",
       "HTTP address '127.0.0.1' has no port; expected host:port, e.g. 127.0.0.1:8080, "
       "[::1]:8080 or :8080 (port 0 picks a free port)"},
      {"127.0.0.1:65536",
       "HTTP address '127.0.0.1:65536': port '65536' is not an integer in 0-65535 (0 picks a free "
       "port)"},
      {"127.0.0.1:-1",
       "HTTP address '127.0.0.1:-1': port '-1' is not an integer in 0-65535 (0 picks a free "
       "port)"},
      {"127.0.0.1:http",
       "HTTP address '127.0.0.1:http': port 'http' is not an integer in 0-65535 (0 picks a free "
       "port)"},
      {"127.0.0.1:",
       "HTTP address '127.0.0.1:': port '' is not an integer in 0-65535 (0 picks a free port)"},
      {"::1:80", "HTTP address '::1:80': an IPv6 host must be in brackets, e.g. [::1]:8080"},
      {"[::1",
       "HTTP address '[::1' is malformed; expected host:port, e.g. 127.0.0.1:8080, "
       "[::1]:8080 or :8080 (port 0 picks a free port)"},
  };
  for (const auto& [address, message] : cases) {
    absl::StatusOr<HttpAddress> parsed = ParseHttpAddress(address);
    ASSERT_FALSE(parsed.ok()) << address;
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument) << address;
    EXPECT_EQ(parsed.status().message(), message);
    // ListenHttp refuses it the same way, before any socket.
    EXPECT_EQ(ListenHttp(address, 1).status(), parsed.status());
  }
}

TEST(ListenHttpTest, PortZeroPicksAFreePortAndAPortInUseIsRefused) {
  absl::StatusOr<HttpListener> first = ListenHttp("127.0.0.1:0", 8);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(absl::StartsWith(first->address, "127.0.0.1:")) << first->address;
  int port = 0;
  ASSERT_TRUE(absl::SimpleAtoi(first->address.substr(10), &port));
  EXPECT_GT(port, 0);
  absl::StatusOr<HttpListener> second = ListenHttp(first->address, 8);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status(),
            absl::UnavailableError(absl::StrCat("cannot listen for HTTP on ", first->address,
                                                ": address already in use")));
  close(first->fd);
}

// A socket that listens with SO_REUSEPORT does not let the server share its port: the server
// never sets SO_REUSEPORT, so the kernel refuses the second bind.
TEST(ListenHttpTest, NeverSharesAPortThroughSoReusePort) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  const int one = 1;
  ASSERT_EQ(setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof(one)), 0);
  sockaddr_in address = {};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0);
  ASSERT_EQ(listen(fd, 1), 0);
  socklen_t length = sizeof(address);
  ASSERT_EQ(getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const std::string taken = absl::StrCat("127.0.0.1:", ntohs(address.sin_port));
  absl::StatusOr<HttpListener> listener = ListenHttp(taken, 8);
  close(fd);
  ASSERT_FALSE(listener.ok());
  EXPECT_EQ(listener.status().message(),
            absl::StrCat("cannot listen for HTTP on ", taken, ": address already in use"));
}

TEST(ListenHttpTest, AHostThatDoesNotResolveIsNamed) {
  absl::StatusOr<HttpListener> listener = ListenHttp("no-such-host.invalid:80", 8);
  ASSERT_FALSE(listener.ok());
  EXPECT_EQ(listener.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StartsWith(listener.status().message(),
                               "HTTP address 'no-such-host.invalid:80': cannot resolve host "
                               "'no-such-host.invalid': "))
      << listener.status();
}

TEST(FormatPeerTest, Ipv4Ipv6AndNull) {
  sockaddr_in v4 = {};
  v4.sin_family = AF_INET;
  v4.sin_port = htons(5678);
  inet_pton(AF_INET, "1.2.3.4", &v4.sin_addr);
  EXPECT_EQ(FormatPeer(reinterpret_cast<sockaddr*>(&v4)), "1.2.3.4:5678");
  EXPECT_EQ(FormatIp(reinterpret_cast<sockaddr*>(&v4)), "1.2.3.4");
  sockaddr_in6 v6 = {};
  v6.sin6_family = AF_INET6;
  v6.sin6_port = htons(80);
  inet_pton(AF_INET6, "::1", &v6.sin6_addr);
  EXPECT_EQ(FormatPeer(reinterpret_cast<sockaddr*>(&v6)), "[::1]:80");
  EXPECT_EQ(FormatIp(reinterpret_cast<sockaddr*>(&v6)), "::1");
  EXPECT_EQ(FormatPeer(nullptr), "");
  EXPECT_EQ(FormatIp(nullptr), "");
  EXPECT_EQ(ErrnoText(EADDRINUSE), "address already in use");
}

}  // namespace
}  // namespace server

// HttpServer against real sockets on loopback, driven by the raw-socket clients of
// tests/abuse (no HTTP library: the bytes on the wire are the ones the tests write).
#include "server/http_server.h"

#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "tests/abuse/abuse_client.h"

namespace server {
namespace {

using abuse::FormatRequest;
using abuse::HttpReply;
using abuse::RawConnection;

// Memory figures are meaningless under ASan/TSan (shadow memory, quarantine).
bool MeasuringMemory() { return std::getenv("SANITIZER") == nullptr; }

int64_t PeakRss() {
  absl::StatusOr<abuse::ProcessMemory> memory = abuse::ReadProcessMemory(getpid());
  return memory.ok() ? memory->peak_rss_bytes : 0;
}

// error_response for the tests: JSON, so that its use is visible.
HttpResponse JsonError(int status, const absl::Status& error) {
  HttpResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = absl::StrCat("{\"code\":", static_cast<int>(error.code()), ",\"message\":\"",
                               error.message(), "\"}");
  return response;
}

// Answers "<method> <path>?<query>\n<body>" at once.
void Echo(const HttpRequest& request, std::unique_ptr<HttpResponder> responder) {
  HttpResponse response;
  response.content_type = "text/plain";
  response.body = absl::StrCat(request.method, " ", request.path, request.query.empty() ? "" : "?",
                               request.query, "\n", request.body);
  responder->Send(std::move(response));
}

HttpServerOptions TestOptions() {
  HttpServerOptions options;
  options.address = "127.0.0.1:0";
  options.threads = 2;
  options.error_response = JsonError;
  return options;
}

std::unique_ptr<HttpServer> StartOrDie(HttpServerOptions options, HttpHandler handler) {
  absl::StatusOr<std::unique_ptr<HttpServer>> server =
      HttpServer::Start(std::move(options), std::move(handler));
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

std::unique_ptr<RawConnection> ConnectOrDie(const std::string& address) {
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  EXPECT_TRUE(conn.ok()) << conn.status();
  return conn.ok() ? *std::move(conn) : nullptr;
}

// Sends one request on a new connection and reads the answer.
absl::StatusOr<HttpReply> Exchange(const std::string& address, const std::string& request,
                                   absl::Duration timeout = absl::Seconds(10)) {
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  if (!conn.ok()) return conn.status();
  absl::Status wrote = (*conn)->Write(request);
  if (!wrote.ok()) return wrote;
  return (*conn)->ReadResponse(timeout);
}

// ---- Addresses -------------------------------------------------------------------------------

TEST(HttpServerAddressTest, MalformedAddressesAreRefusedWithOneClearLine) {
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
    HttpServerOptions options = TestOptions();
    options.address = address;
    absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Start(options, Echo);
    ASSERT_FALSE(server.ok()) << address;
    EXPECT_EQ(server.status().code(), absl::StatusCode::kInvalidArgument) << address;
    EXPECT_EQ(server.status().message(), message);
  }
}

TEST(HttpServerAddressTest, PortInUseIsRefusedEvenBetweenTwoServers) {
  std::unique_ptr<HttpServer> first = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(first, nullptr);
  HttpServerOptions options = TestOptions();
  options.address = first->address();
  absl::StatusOr<std::unique_ptr<HttpServer>> second = HttpServer::Start(options, Echo);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(second.status().message(), absl::StrCat("cannot listen for HTTP on ", first->address(),
                                                    ": address already in use"));
  // The first one still answers.
  absl::StatusOr<HttpReply> reply = Exchange(first->address(), FormatRequest("GET", "/"));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 200);
}

// A socket that listens with SO_REUSEPORT does not let the server share its port: the server
// never sets SO_REUSEPORT, so the kernel refuses the second bind.
TEST(HttpServerAddressTest, NeverSharesAPortThroughSoReusePort) {
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
  HttpServerOptions options = TestOptions();
  options.address = absl::StrCat("127.0.0.1:", ntohs(address.sin_port));
  absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Start(options, Echo);
  close(fd);
  ASSERT_FALSE(server.ok());
  EXPECT_EQ(server.status().message(), absl::StrCat("cannot listen for HTTP on ", options.address,
                                                    ": address already in use"));
}

TEST(HttpServerAddressTest, PortZeroPicksAFreePortAndBadOptionsAreNamed) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  ASSERT_TRUE(absl::StartsWith(server->address(), "127.0.0.1:"));
  int port = 0;
  ASSERT_TRUE(absl::SimpleAtoi(server->address().substr(10), &port));
  EXPECT_GT(port, 0);

  HttpServerOptions options = TestOptions();
  options.threads = 0;
  EXPECT_EQ(HttpServer::Start(options, Echo).status(),
            absl::InvalidArgumentError("HTTP server option threads=0; expected 1-256"));
  options = TestOptions();
  options.idle_timeout = absl::Milliseconds(10);
  EXPECT_EQ(HttpServer::Start(options, Echo).status(),
            absl::InvalidArgumentError("HTTP server option idle_timeout=10ms; expected 1s-24h"));
}

// Starts a server under a hard RLIMIT_NOFILE of `hard_limit` and prints "max_connections N" or
// the error to stderr. A lowered hard limit cannot be raised again, so this runs in a child.
void StartUnderFileLimit(rlim_t hard_limit, int max_connections) {
  rlimit limit{hard_limit, hard_limit};
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) std::_Exit(2);
  HttpServerOptions options = TestOptions();
  options.max_connections = max_connections;
  absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Start(options, Echo);
  if (server.ok()) {
    std::fprintf(stderr, "max_connections %d\n", (*server)->max_connections());
    (*server)->Stop(absl::ZeroDuration());
  } else {
    std::fprintf(stderr, "%s\n", server.status().ToString().c_str());
  }
  std::fflush(stderr);
  std::_Exit(0);
}

TEST(HttpServerFileLimitTest, ZeroFitsTheConnectionsToTheHardLimit) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // 1024 connections + 256 reserved fit under 4096; under 600 only 344 do; 200 leaves none.
  EXPECT_EXIT(StartUnderFileLimit(4096, 0), ::testing::ExitedWithCode(0), "max_connections 1024");
  EXPECT_EXIT(StartUnderFileLimit(600, 0), ::testing::ExitedWithCode(0), "max_connections 344");
  EXPECT_EXIT(StartUnderFileLimit(200, 0), ::testing::ExitedWithCode(0),
              "RESOURCE_EXHAUSTED: the hard RLIMIT_NOFILE is 200; the HTTP server needs more "
              "than 256 file descriptors");
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  EXPECT_GE(server->max_connections(), 1);
  EXPECT_LE(server->max_connections(), kDefaultHttpMaxConnections);
}

TEST(HttpServerFileLimitTest, AnExplicitLimitTheHardLimitCannotHoldIsRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(StartUnderFileLimit(600, 300), ::testing::ExitedWithCode(0), "max_connections 300");
  EXPECT_EXIT(StartUnderFileLimit(600, 1024), ::testing::ExitedWithCode(0),
              "RESOURCE_EXHAUSTED: max_connections=1024 needs about 1280 file descriptors but "
              "the hard RLIMIT_NOFILE is 600");
  HttpServerOptions options = TestOptions();
  options.max_connections = -1;
  EXPECT_EQ(HttpServer::Start(options, Echo).status(),
            absl::InvalidArgumentError("HTTP server option max_connections=-1; expected 0 (fit "
                                       "to the file-descriptor limit) or more"));
}

// ---- Requests as sent ------------------------------------------------------------------------

TEST(HttpServerTest, PathQueryAndMethodReachTheHandlerRaw) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {FormatRequest("GET", "/%ff%fe"), "GET /%ff%fe\n"},
      {FormatRequest("GET", "/a%2Fb/%E2%82%AC?q=%20x+y&r"), "GET /a%2Fb/%E2%82%AC?q=%20x+y&r\n"},
      {FormatRequest("TRACE", "/trace"), "TRACE /trace\n"},
      {FormatRequest("FOO", "/foo"), "FOO /foo\n"},
      {FormatRequest("DELETE", "/v1/x"), "DELETE /v1/x\n"},
  };
  for (const auto& [request, body] : cases) {
    absl::StatusOr<HttpReply> reply = Exchange(server->address(), request);
    ASSERT_TRUE(reply.ok()) << reply.status();
    EXPECT_EQ(reply->status, 200);
    EXPECT_EQ(reply->body, body);
  }
  // CONNECT: the authority-form target arrives as the path; the handler's error is sent.
  std::unique_ptr<HttpServer> strict =
      StartOrDie(TestOptions(), [](const HttpRequest& request, auto responder) {
        responder->Send({405, "text/plain", absl::StrCat(request.method, " ", request.path), {}});
      });
  ASSERT_NE(strict, nullptr);
  absl::StatusOr<HttpReply> reply =
      Exchange(strict->address(), FormatRequest("CONNECT", "example.com:443"));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 405);
  EXPECT_EQ(reply->body, "CONNECT example.com:443");
}

TEST(HttpServerTest, HeadersAndPeerReachTheHandler) {
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [](const HttpRequest& request, auto responder) {
        const std::string* custom = request.FindHeader("x-CUSTOM");
        responder->Send(
            {200,
             "text/plain",
             absl::StrCat(custom ? *custom : "none", "|", request.content_type, "|",
                          request.version, "|", absl::StartsWith(request.peer, "127.0.0.1:")),
             {{"X-Answer", "42"}}});
      });
  ASSERT_NE(server, nullptr);
  absl::StatusOr<HttpReply> reply = Exchange(
      server->address(),
      FormatRequest("POST", "/", {{"X-Custom", "a b"}, {"Content-Type", "text/csv"}}, "1,2"));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "a b|text/csv|HTTP/1.1|1");
  ASSERT_NE(reply->Header("X-Answer"), nullptr);
  EXPECT_EQ(*reply->Header("X-Answer"), "42");
  EXPECT_EQ(*reply->Header("Content-Type"), "text/plain");
}

// curl -d sends application/x-www-form-urlencoded: it must arrive as raw bytes, with no form
// parsing, up to the limit.
TEST(HttpServerTest, FormEncodedBodiesArriveRawUpToTheLimit) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 64 << 10;
  std::unique_ptr<HttpServer> server = StartOrDie(options, Echo);
  ASSERT_NE(server, nullptr);
  const std::string form = "a=1&b=%20two+three&c";
  absl::StatusOr<HttpReply> reply =
      Exchange(server->address(),
               FormatRequest("POST", "/form",
                             {{"Content-Type", "application/x-www-form-urlencoded"}}, form));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "POST /form\n" + form);
  // Exactly the limit passes, one byte more does not.
  const std::string big(64 << 10, '=');
  reply = Exchange(
      server->address(),
      FormatRequest("POST", "/", {{"Content-Type", "application/x-www-form-urlencoded"}}, big));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->body.size(), std::string("POST /\n").size() + big.size());
  reply =
      Exchange(server->address(),
               FormatRequest("POST", "/", {{"Content-Type", "application/x-www-form-urlencoded"}},
                             big + "="));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 413);
  EXPECT_EQ(reply->body,
            "{\"code\":8,\"message\":\"request body of 65537 bytes exceeds the server's limit of "
            "65536 bytes\"}");
}

// ---- Limits ----------------------------------------------------------------------------------

// A Content-Length over the limit is refused before the body is sent: with Expect: 100-continue
// the client never sends it, and without it the server does not wait for it.
TEST(HttpServerTest, OversizedContentLengthGets413AtOnce) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 1 << 20;
  std::unique_ptr<HttpServer> server = StartOrDie(options, Echo);
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
  ASSERT_NE(conn, nullptr);
  ASSERT_TRUE(
      conn->Write(FormatRequest("POST", "/",
                                {{"Content-Length", "10737418240"}, {"Expect", "100-continue"}}))
          .ok());
  absl::StatusOr<HttpReply> reply = conn->ReadResponse(absl::Seconds(5));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 413);
  EXPECT_EQ(
      reply->body,
      "{\"code\":8,\"message\":\"request body of 10737418240 bytes exceeds the server's limit "
      "of 1048576 bytes\"}");
  EXPECT_TRUE(conn->ClosedByPeer(absl::Seconds(5)));

  abuse::FloodResult flood =
      abuse::OversizedContentLength(server->address(), "/", uint64_t{10} << 30, 32 << 20);
  EXPECT_EQ(flood.status, 413) << flood.error;
  EXPECT_TRUE(flood.closed_by_server);
  EXPECT_LT(flood.bytes_sent, uint64_t{32} << 20) << "the client could send the whole body";
  EXPECT_EQ(server->stats().buffered_body_bytes, 0);
}

// A chunked body is counted as it arrives: 413 as soon as it passes the limit, nothing beyond
// the limit kept.
TEST(HttpServerTest, ChunkedFloodGets413WithoutBuffering) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 1 << 20;
  std::unique_ptr<HttpServer> server = StartOrDie(options, Echo);
  ASSERT_NE(server, nullptr);
  const int64_t peak_before = PeakRss();
  abuse::FloodResult flood =
      abuse::ChunkedBodyFlood(server->address(), "/upload", uint64_t{64} << 20);
  EXPECT_EQ(flood.status, 413) << flood.error;
  EXPECT_EQ(flood.body,
            "{\"code\":8,\"message\":\"request body exceeds the server's limit of 1048576 "
            "bytes\"}");
  EXPECT_TRUE(flood.closed_by_server);
  EXPECT_LT(flood.bytes_sent, uint64_t{16} << 20) << "the server kept reading the flood";
  EXPECT_EQ(server->stats().buffered_body_bytes, 0);
  EXPECT_EQ(server->stats().bodies_rejected, 1u);
  if (MeasuringMemory()) {
    EXPECT_LT(PeakRss() - peak_before, 24 << 20);
  }
  // A chunked body within the limit is dechunked and delivered whole.
  abuse::FloodResult small = abuse::ChunkedBodyFlood(server->address(), "/ok", 300 << 10, 1000);
  EXPECT_EQ(small.status, 200) << small.error;
}

TEST(HttpServerTest, AllBodiesTogetherAreBounded) {
  HttpServerOptions options = TestOptions();
  options.max_body_bytes = 1 << 20;
  options.max_buffered_body_bytes = 1 << 20;
  absl::Notification release;
  std::vector<std::unique_ptr<HttpResponder>> held;
  std::mutex mu;
  std::unique_ptr<HttpServer> server =
      StartOrDie(options, [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        std::lock_guard<std::mutex> lock(mu);
        held.push_back(std::move(responder));  // keeps its body alive
      });
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> first = ConnectOrDie(server->address());
  ASSERT_TRUE(first->Write(FormatRequest("POST", "/", {}, std::string(700 << 10, 'x'))).ok());
  while (server->stats().requests_in_flight < 1) absl::SleepFor(absl::Milliseconds(5));
  absl::StatusOr<HttpReply> reply =
      Exchange(server->address(), FormatRequest("POST", "/", {}, std::string(700 << 10, 'y')));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 503);
  EXPECT_TRUE(absl::StrContains(reply->body, "too many request bodies at once")) << reply->body;
  {
    std::lock_guard<std::mutex> lock(mu);
    held.clear();  // 500s for the first request; its body is freed
  }
  absl::StatusOr<HttpReply> answer = first->ReadResponse();
  ASSERT_TRUE(answer.ok());
  EXPECT_EQ(answer->status, 500);
  // The server lets go of the request just after the client has the answer.
  const absl::Time deadline = absl::Now() + absl::Seconds(5);
  while (server->stats().buffered_body_bytes > 0 && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  EXPECT_EQ(server->stats().buffered_body_bytes, 0);
}

TEST(HttpServerTest, HeaderFloodsGet431AndMemoryStaysBounded) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  const int64_t peak_before = PeakRss();
  abuse::FloodResult many = abuse::HeaderFlood(server->address(), "/", 100000);
  EXPECT_EQ(many.status, 431) << many.error;
  EXPECT_TRUE(many.closed_by_server);
  abuse::FloodResult huge = abuse::HeaderFlood(server->address(), "/", 1, 1 << 20);
  EXPECT_EQ(huge.status, 431) << huge.error;
  EXPECT_TRUE(huge.closed_by_server);
  if (MeasuringMemory()) {
    EXPECT_LT(PeakRss() - peak_before, 16 << 20);
  }
  // A long request line is 414.
  absl::StatusOr<HttpReply> reply =
      Exchange(server->address(), FormatRequest("GET", "/" + std::string(64 << 10, 'u')));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 414);
}

TEST(HttpServerTest, RangeIsIgnoredAndTheResponseIsWholeAndSingle) {
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        responder->Send({200, "text/plain", std::string(1000, 'r'), {}});
      });
  ASSERT_NE(server, nullptr);
  std::string range = "bytes=";
  for (int i = 0; i < 2700; ++i) absl::StrAppend(&range, i ? "," : "", i % 100, "-", i % 100);
  std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
  ASSERT_TRUE(conn->Write(FormatRequest("GET", "/", {{"Range", range}})).ok());
  absl::StatusOr<HttpReply> reply = conn->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->body, std::string(1000, 'r'));
  EXPECT_EQ(reply->Header("Content-Range"), nullptr);
  // Nothing else follows, and the connection stays usable.
  ASSERT_TRUE(conn->Write(FormatRequest("GET", "/")).ok());
  reply = conn->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->body.size(), 1000u);
}

TEST(HttpServerTest, PipelinedRequestsAreAllAnsweredInOrder) {
  // /async answers from another thread, after a random short delay.
  std::mutex mu;
  std::vector<std::thread> workers;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest& request, auto responder) {
        if (request.path != "/async") {
          Echo(request, std::move(responder));
          return;
        }
        std::lock_guard<std::mutex> lock(mu);
        const int delay_ms = static_cast<int>(workers.size() * 7 % 5);
        workers.emplace_back([delay_ms, responder = std::move(responder)]() mutable {
          absl::SleepFor(absl::Milliseconds(delay_ms));
          const HttpRequest& request = responder->request();  // lives as long as responder
          Echo(request, std::move(responder));
        });
      });
  ASSERT_NE(server, nullptr);
  for (const std::string path : {"/p", "/async"}) {
    for (int count : {3, 100}) {
      abuse::PipelineResult result = abuse::Pipelined(server->address(), count, path);
      EXPECT_EQ(result.error, "");
      ASSERT_EQ(result.replies.size(), static_cast<size_t>(count)) << path;
      for (int i = 0; i < count; ++i) {
        EXPECT_EQ(result.replies[i].body, absl::StrCat("GET ", path, "?i=", i, "\n"));
      }
    }
  }
  server.reset();
  for (std::thread& t : workers) t.join();
}

// ---- Slow and idle clients -------------------------------------------------------------------

// 500 idle keep-alive connections and 200 slowloris connections on a server with 2 event loops:
// every one of 200 normal requests is answered. (The figures are the http_abuse tool's job; the
// bound here only catches a server that serves them one at a time or not at all.)
TEST(HttpServerTest, IdleAndSlowClientsDoNotDelayOthers) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  absl::StatusOr<std::unique_ptr<abuse::IdleKeepAlivePool>> idle =
      abuse::IdleKeepAlivePool::Open(server->address(), 500);
  ASSERT_TRUE(idle.ok()) << idle.status();
  EXPECT_EQ((*idle)->opened(), 500) << (*idle)->first_error();
  abuse::SlowlorisOptions slow;
  slow.connections = 200;
  slow.interval = absl::Milliseconds(200);
  absl::StatusOr<std::unique_ptr<abuse::SlowlorisPool>> loris =
      abuse::SlowlorisPool::Open(server->address(), slow);
  ASSERT_TRUE(loris.ok()) << loris.status();
  EXPECT_EQ((*loris)->opened(), 200) << (*loris)->first_error();
  abuse::GoodClientOptions good;
  good.requests = 200;
  good.timeout = absl::Seconds(5);
  const abuse::LatencySummary latency = abuse::MeasureLatency(server->address(), good);
  EXPECT_EQ(latency.requests, 200) << latency.ToString();
  EXPECT_EQ(latency.errors, 0) << latency.ToString();
  EXPECT_LT(latency.p99, absl::Seconds(2)) << latency.ToString();
  EXPECT_EQ((*idle)->closed_by_server(), 0);
  EXPECT_EQ((*loris)->closed_by_server(), 0);
  EXPECT_GE(server->stats().open_connections, 700);
}

// A connection must finish its headers within idle_timeout however slowly it trickles, and an
// idle keep-alive connection is closed after idle_timeout.
TEST(HttpServerTest, HeaderDeadlineClosesSlowlorisAndIdleConnections) {
  HttpServerOptions options = TestOptions();
  options.idle_timeout = absl::Seconds(1);
  std::unique_ptr<HttpServer> server = StartOrDie(options, Echo);
  ASSERT_NE(server, nullptr);
  abuse::SlowlorisOptions slow;
  slow.connections = 5;
  slow.interval = absl::Milliseconds(100);  // far more often than the inactivity timeout
  absl::StatusOr<std::unique_ptr<abuse::SlowlorisPool>> loris =
      abuse::SlowlorisPool::Open(server->address(), slow);
  ASSERT_TRUE(loris.ok()) << loris.status();
  absl::StatusOr<std::unique_ptr<abuse::IdleKeepAlivePool>> idle =
      abuse::IdleKeepAlivePool::Open(server->address(), 3);
  ASSERT_TRUE(idle.ok()) << idle.status();
  const absl::Time start = absl::Now();
  while (((*loris)->still_open() > 0 || (*idle)->still_open() > 0) &&
         absl::Now() - start < absl::Seconds(5)) {
    absl::SleepFor(absl::Milliseconds(20));
  }
  const absl::Duration elapsed = absl::Now() - start;
  EXPECT_EQ((*loris)->still_open(), 0);
  EXPECT_EQ((*idle)->still_open(), 0);
  EXPECT_GE(elapsed, absl::Milliseconds(700));
  EXPECT_LT(elapsed, absl::Seconds(3));
  EXPECT_GE(server->stats().header_deadline_closes, 5u);
}

TEST(HttpServerTest, PerAddressConnectionLimit) {
  HttpServerOptions options = TestOptions();
  options.max_connections_per_ip = 2;
  std::unique_ptr<HttpServer> server = StartOrDie(options, Echo);
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> a = ConnectOrDie(server->address());
  std::unique_ptr<RawConnection> b = ConnectOrDie(server->address());
  ASSERT_TRUE(a->Write(FormatRequest("GET", "/")).ok());
  ASSERT_TRUE(a->ReadResponse().ok());
  ASSERT_TRUE(b->Write(FormatRequest("GET", "/")).ok());
  ASSERT_TRUE(b->ReadResponse().ok());
  std::unique_ptr<RawConnection> c = ConnectOrDie(server->address());
  EXPECT_TRUE(c->ClosedByPeer(absl::Seconds(5)));
  EXPECT_EQ(server->stats().connections_refused, 1u);
}

// ---- Asynchronous answers --------------------------------------------------------------------

// With one event loop, a request whose answer is held back until another connection has been
// served: if the pending answer held the loop, the second request would never be answered.
TEST(HttpServerTest, AsyncAnswerSuspendsOnlyItsConnection) {
  HttpServerOptions options = TestOptions();
  options.threads = 1;
  absl::Notification fast_answered;
  std::vector<std::thread> workers;
  std::unique_ptr<HttpServer> server =
      StartOrDie(options, [&](const HttpRequest& request, auto responder) {
        if (request.path != "/slow") {
          Echo(request, std::move(responder));
          return;
        }
        workers.emplace_back([&fast_answered, responder = std::move(responder)]() mutable {
          fast_answered.WaitForNotificationWithTimeout(absl::Seconds(30));
          responder->Send({200, "text/plain", "slow\n", {}});
        });
      });
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> slow = ConnectOrDie(server->address());
  ASSERT_TRUE(slow->Write(FormatRequest("GET", "/slow")).ok());
  while (server->stats().requests_in_flight < 1) absl::SleepFor(absl::Milliseconds(5));
  absl::StatusOr<HttpReply> fast =
      Exchange(server->address(), FormatRequest("GET", "/fast"), absl::Seconds(10));
  fast_answered.Notify();
  ASSERT_TRUE(fast.ok()) << fast.status();
  EXPECT_EQ(fast->body, "GET /fast\n");
  absl::StatusOr<HttpReply> answer = slow->ReadResponse();
  ASSERT_TRUE(answer.ok()) << answer.status();
  EXPECT_EQ(answer->body, "slow\n");
  // The suspended connection is usable again afterwards (keep-alive).
  ASSERT_TRUE(slow->Write(FormatRequest("GET", "/again")).ok());
  answer = slow->ReadResponse();
  ASSERT_TRUE(answer.ok()) << answer.status();
  EXPECT_EQ(answer->body, "GET /again\n");
  for (std::thread& t : workers) t.join();
}

// The client leaves before the answer: the server notices, closes the connection, and the later
// Send is a harmless no-op (also after the server is gone).
TEST(HttpServerTest, SendAfterTheClientLeftIsANoOp) {
  std::mutex mu;
  std::vector<std::unique_ptr<HttpResponder>> held;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        std::lock_guard<std::mutex> lock(mu);
        held.push_back(std::move(responder));
      });
  ASSERT_NE(server, nullptr);
  {
    std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
    ASSERT_TRUE(conn->Write(FormatRequest("POST", "/", {}, "body")).ok());
    while (server->stats().requests_in_flight < 1) absl::SleepFor(absl::Milliseconds(5));
  }  // closed
  const absl::Time start = absl::Now();
  while ((server->stats().requests_in_flight > 0 || server->stats().open_connections > 0) &&
         absl::Now() - start < absl::Seconds(5)) {
    absl::SleepFor(absl::Milliseconds(10));
  }
  EXPECT_EQ(server->stats().requests_in_flight, 0);
  EXPECT_EQ(server->stats().open_connections, 0);
  {
    std::lock_guard<std::mutex> lock(mu);
    ASSERT_EQ(held.size(), 1u);
    EXPECT_EQ(held[0]->request().body, "body");
    held[0]->Send({200, "text/plain", "too late", {}});
    held[0]->Send({200, "text/plain", "twice", {}});
  }
  // Another request is served normally; one left pending is a no-op after the server is gone.
  std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
  ASSERT_TRUE(conn->Write(FormatRequest("GET", "/")).ok());
  while (server->stats().requests_in_flight < 1) absl::SleepFor(absl::Milliseconds(5));
  server->Stop(absl::ZeroDuration());
  server.reset();
  std::lock_guard<std::mutex> lock(mu);
  ASSERT_EQ(held.size(), 2u);
  held[1]->Send({200, "text/plain", "server gone", {}});
  std::shared_ptr<HttpEventStream> stream = held[1]->StartEventStream(nullptr);
  EXPECT_FALSE(stream->Write("data: x\n\n"));
}

TEST(HttpServerTest, DroppedResponderAnswers500) {
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [](const HttpRequest&, std::unique_ptr<HttpResponder>) {});
  ASSERT_NE(server, nullptr);
  absl::StatusOr<HttpReply> reply = Exchange(server->address(), FormatRequest("GET", "/"));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 500);
  EXPECT_EQ(reply->body,
            "{\"code\":13,\"message\":\"the request handler dropped the request without answering "
            "it\"}");
}

// ---- Server-Sent Events ----------------------------------------------------------------------

// Events arrive as they are written: the first is read before the second is written.
TEST(HttpServerTest, EventStreamArrivesIncrementally) {
  absl::Notification first_read;
  std::atomic<int> on_close_calls{0};
  std::thread producer;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        producer = std::thread([&, responder = std::move(responder)]() mutable {
          std::shared_ptr<HttpEventStream> stream =
              responder->StartEventStream([&] { ++on_close_calls; });
          EXPECT_TRUE(stream->Write("data: one\n\n"));
          first_read.WaitForNotification();
          EXPECT_TRUE(stream->Write("data: two\n\n"));
          stream->Close();
          EXPECT_FALSE(stream->Write("data: three\n\n"));
        });
      });
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
  ASSERT_TRUE(conn->Write(FormatRequest("GET", "/events")).ok());
  absl::StatusOr<HttpReply> head = conn->ReadResponseHead();
  ASSERT_TRUE(head.ok()) << head.status();
  EXPECT_EQ(head->status, 200);
  EXPECT_EQ(*head->Header("Content-Type"), "text/event-stream");
  EXPECT_EQ(*head->Header("Cache-Control"), "no-cache");
  absl::StatusOr<std::string> chunk = conn->ReadChunk();
  ASSERT_TRUE(chunk.ok()) << chunk.status();
  EXPECT_EQ(*chunk, "data: one\n\n");
  first_read.Notify();
  std::string rest;
  while (true) {
    chunk = conn->ReadChunk();
    ASSERT_TRUE(chunk.ok()) << chunk.status();
    if (chunk->empty()) break;
    rest += *chunk;
  }
  EXPECT_EQ(rest, "data: two\n\n");
  producer.join();
  server->Stop(absl::Seconds(1));
  EXPECT_EQ(on_close_calls.load(), 0);
}

// The client goes away mid-stream: on_close runs exactly once, and writes then fail.
TEST(HttpServerTest, EventStreamClientDisconnectRunsOnCloseOnce) {
  std::atomic<int> on_close_calls{0};
  absl::Notification closed;
  std::shared_ptr<HttpEventStream> stream;
  std::mutex mu;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        std::lock_guard<std::mutex> lock(mu);
        stream = responder->StartEventStream([&] {
          ++on_close_calls;
          closed.Notify();
        });
        stream->Write("data: hello\n\n");
      });
  ASSERT_NE(server, nullptr);
  {
    std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
    ASSERT_TRUE(conn->Write(FormatRequest("GET", "/events")).ok());
    ASSERT_TRUE(conn->ReadResponseHead().ok());
    absl::StatusOr<std::string> chunk = conn->ReadChunk();
    ASSERT_TRUE(chunk.ok()) << chunk.status();
    EXPECT_EQ(*chunk, "data: hello\n\n");
  }  // disconnects without writing anything more
  ASSERT_TRUE(closed.WaitForNotificationWithTimeout(absl::Seconds(5)));
  absl::SleepFor(absl::Milliseconds(300));
  EXPECT_EQ(on_close_calls.load(), 1);
  std::lock_guard<std::mutex> lock(mu);
  EXPECT_FALSE(stream->Write("data: nobody\n\n"));
  EXPECT_EQ(on_close_calls.load(), 1);
}

TEST(HttpServerTest, EventStreamHeartbeatAndSlowReaderLimit) {
  HttpServerOptions options = TestOptions();
  options.event_stream_heartbeat = absl::Milliseconds(200);
  options.max_event_stream_buffer_bytes = 64 << 10;
  std::atomic<int> on_close_calls{0};
  std::mutex mu;
  std::vector<std::shared_ptr<HttpEventStream>> streams;
  std::unique_ptr<HttpServer> server =
      StartOrDie(options, [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        std::lock_guard<std::mutex> lock(mu);
        streams.push_back(responder->StartEventStream([&] { ++on_close_calls; }));
      });
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
  ASSERT_TRUE(conn->Write(FormatRequest("GET", "/events")).ok());
  ASSERT_TRUE(conn->ReadResponseHead().ok());
  absl::StatusOr<std::string> chunk = conn->ReadChunk(absl::Seconds(5));
  ASSERT_TRUE(chunk.ok()) << chunk.status();
  EXPECT_EQ(*chunk, ": keep-alive\n\n");
  // A client that stops reading while the producer writes: disconnected once 64 KiB are queued
  // beyond what the sockets hold.
  const std::string event = "data: " + std::string(1000, 'x') + "\n\n";
  bool refused = false;
  for (int i = 0; i < 100000 && !refused; ++i) {
    std::lock_guard<std::mutex> lock(mu);
    refused = !streams[0]->Write(event);
  }
  EXPECT_TRUE(refused);
  const absl::Time start = absl::Now();
  while (on_close_calls.load() == 0 && absl::Now() - start < absl::Seconds(5)) {
    absl::SleepFor(absl::Milliseconds(10));
  }
  EXPECT_EQ(on_close_calls.load(), 1);
}

// ---- Stopping --------------------------------------------------------------------------------

// Idle, slowloris and stalled-reader clients do not hold Stop beyond its grace period, and the
// listening socket is closed at once.
TEST(HttpServerTest, StopWithSlowClientsReturnsAfterTheGracePeriod) {
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [](const HttpRequest& request, auto responder) {
        responder->Send(
            {200, "text/plain", std::string(request.path == "/big" ? 64 << 20 : 10, 'b'), {}});
      });
  ASSERT_NE(server, nullptr);
  const std::string address = server->address();
  absl::StatusOr<std::unique_ptr<abuse::IdleKeepAlivePool>> idle =
      abuse::IdleKeepAlivePool::Open(address, 50);
  ASSERT_TRUE(idle.ok());
  abuse::SlowlorisOptions slow;
  slow.connections = 50;
  slow.interval = absl::Milliseconds(100);
  absl::StatusOr<std::unique_ptr<abuse::SlowlorisPool>> loris =
      abuse::SlowlorisPool::Open(address, slow);
  ASSERT_TRUE(loris.ok());
  // Never reads its 64 MiB: more than loopback's socket buffers can swallow unread (autotuning
  // lets the receiver's grow to net.ipv4.tcp_rmem's maximum, 32 MiB on this machine).
  std::unique_ptr<RawConnection> stalled = ConnectOrDie(address);
  ASSERT_TRUE(stalled->Write(FormatRequest("GET", "/big")).ok());
  while (server->stats().requests_in_flight < 1) absl::SleepFor(absl::Milliseconds(5));

  const absl::Time start = absl::Now();
  std::thread stopper([&] { server->Stop(absl::Seconds(1)); });
  absl::SleepFor(absl::Milliseconds(200));
  EXPECT_FALSE(RawConnection::Connect(address, absl::Seconds(1)).ok())
      << "still accepting during the grace period";
  stopper.join();
  const absl::Duration elapsed = absl::Now() - start;
  EXPECT_GE(elapsed, absl::Milliseconds(900));  // the stalled answer was given its grace
  EXPECT_LT(elapsed, absl::Milliseconds(1500));
  EXPECT_EQ(server->stats().open_connections, 0);
  // Closed (or reset: the unsent rest of its answer is dropped) by the server.
  EXPECT_TRUE(stalled->ClosedByPeer(absl::Seconds(10)));
  const absl::Time closed_by = absl::Now() + absl::Seconds(2);
  while (((*idle)->still_open() > 0 || (*loris)->still_open() > 0) && absl::Now() < closed_by) {
    absl::SleepFor(absl::Milliseconds(20));
  }
  EXPECT_EQ((*idle)->still_open(), 0);
  EXPECT_EQ((*loris)->still_open(), 0);
}

// An answer that comes within the grace period reaches its client; one that does not gets a
// 503; an event stream ends and its on_close runs.
TEST(HttpServerTest, StopLetsPendingAnswersFinishWithinGrace) {
  std::mutex mu;
  std::vector<std::thread> workers;
  std::shared_ptr<HttpEventStream> stream;
  std::atomic<int> on_close_calls{0};
  std::vector<std::unique_ptr<HttpResponder>> never;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest& request, auto responder) {
        std::lock_guard<std::mutex> lock(mu);
        if (request.path == "/soon") {
          workers.emplace_back([responder = std::move(responder)]() mutable {
            absl::SleepFor(absl::Milliseconds(300));
            responder->Send({200, "text/plain", "made it\n", {}});
          });
        } else if (request.path == "/events") {
          stream = responder->StartEventStream([&] { ++on_close_calls; });
          stream->Write("data: 1\n\n");
        } else {
          never.push_back(std::move(responder));
        }
      });
  ASSERT_NE(server, nullptr);
  std::unique_ptr<RawConnection> soon = ConnectOrDie(server->address());
  ASSERT_TRUE(soon->Write(FormatRequest("GET", "/soon")).ok());
  std::unique_ptr<RawConnection> events = ConnectOrDie(server->address());
  ASSERT_TRUE(events->Write(FormatRequest("GET", "/events")).ok());
  std::unique_ptr<RawConnection> late = ConnectOrDie(server->address());
  ASSERT_TRUE(late->Write(FormatRequest("GET", "/never")).ok());
  while (server->stats().requests_in_flight < 3) absl::SleepFor(absl::Milliseconds(5));

  const absl::Time start = absl::Now();
  server->Stop(absl::Seconds(1));
  const absl::Duration elapsed = absl::Now() - start;
  EXPECT_LT(elapsed, absl::Milliseconds(1500));
  absl::StatusOr<HttpReply> reply = soon->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "made it\n");
  EXPECT_EQ(*reply->Header("Connection"), "close");
  reply = late->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 503);
  EXPECT_EQ(reply->body,
            "{\"code\":14,\"message\":\"the server is shutting down and the request was not "
            "answered within the shutdown grace period\"}");
  absl::StatusOr<HttpReply> head = events->ReadResponseHead();
  ASSERT_TRUE(head.ok()) << head.status();
  std::string text;
  while (true) {
    absl::StatusOr<std::string> chunk = events->ReadChunk();
    if (!chunk.ok() || chunk->empty()) break;
    text += *chunk;
  }
  EXPECT_EQ(text, "data: 1\n\n");
  EXPECT_EQ(on_close_calls.load(), 1);
  for (std::thread& t : workers) t.join();
}

TEST(HttpServerTest, StopIsIdempotentAndConcurrent) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  std::vector<std::thread> stoppers;
  for (int i = 0; i < 3; ++i) stoppers.emplace_back([&] { server->Stop(absl::Seconds(1)); });
  for (std::thread& t : stoppers) t.join();
  server->Stop(absl::ZeroDuration());
  EXPECT_EQ(server->stats().open_connections, 0);
}

}  // namespace
}  // namespace server

// HttpServer against real sockets on loopback, driven by the raw-socket clients of
// tests/abuse (no HTTP library: the bytes on the wire are the ones the tests write).
#include "server/http_server.h"

#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

// The most a TCP send buffer may grow to (net.ipv4.tcp_wmem's third field), or 4 MiB (the
// kernel's default) if /proc does not say.
int64_t MaxTcpSendBufferBytes() {
  int64_t max_bytes = 4 << 20;
  if (FILE* f = std::fopen("/proc/sys/net/ipv4/tcp_wmem", "r")) {
    long long low = 0, initial = 0, high = 0;
    if (std::fscanf(f, "%lld %lld %lld", &low, &initial, &high) == 3 && high > 0) max_bytes = high;
    std::fclose(f);
  }
  return max_bytes;
}

// Polls `condition` until it holds or `timeout` passes (generous: a loaded machine is slow, and
// a condition that holds ends the wait at once); returns whether it held.
bool WaitUntil(const std::function<bool()>& condition, absl::Duration timeout = absl::Seconds(30)) {
  const absl::Time deadline = absl::Now() + timeout;
  while (!condition()) {
    if (absl::Now() >= deadline) return false;
    absl::SleepFor(absl::Milliseconds(2));
  }
  return true;
}

bool InFlight(const HttpServer& server, int64_t n) {
  return WaitUntil([&] { return server.stats().requests_in_flight >= n; });
}

// True once `address` refuses connections (the server stopped accepting).
bool Refuses(const std::string& address) {
  return WaitUntil([&] { return !RawConnection::Connect(address, absl::Seconds(1)).ok(); });
}

// Sends one request on a new connection and reads the answer. As a real client does, it reads
// the answer even when the write failed: a server that refuses a request early (a 413 or 503 for
// its body) answers and closes before the rest of the body is sent, so the write may meet a
// closed connection with the answer already waiting.
absl::StatusOr<HttpReply> Exchange(const std::string& address, const std::string& request,
                                   absl::Duration timeout = absl::Seconds(10)) {
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  if (!conn.ok()) return conn.status();
  absl::Status wrote = (*conn)->Write(request);
  absl::StatusOr<HttpReply> reply = (*conn)->ReadResponse(timeout);
  if (!wrote.ok() && !reply.ok()) return wrote;
  return reply;
}

// ---- Addresses -------------------------------------------------------------------------------

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
  options = TestOptions();
  options.max_connections = -1;
  EXPECT_EQ(HttpServer::Start(options, Echo).status(),
            absl::InvalidArgumentError("HTTP server option max_connections=-1; expected 0 (fit "
                                       "to the file-descriptor limit) or more"));
  // A malformed address (every case: http_listen_test) is refused by Start as it is parsed.
  options = TestOptions();
  options.address = "127.0.0.1";
  EXPECT_EQ(HttpServer::Start(options, Echo).status().message(),
            "HTTP address '127.0.0.1' has no port; expected host:port, e.g. 127.0.0.1:8080, "
            "[::1]:8080 or :8080 (port 0 picks a free port)");
}

// Start resolves max_connections = 0 to a limit the file descriptors hold (every case of the
// resolution: http_budgets_test).
TEST(HttpServerAddressTest, ZeroMaxConnectionsIsResolved) {
  std::unique_ptr<HttpServer> server = StartOrDie(TestOptions(), Echo);
  ASSERT_NE(server, nullptr);
  EXPECT_GE(server->max_connections(), 1);
  EXPECT_LE(server->max_connections(), kDefaultHttpMaxConnections);
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
  ASSERT_TRUE(InFlight(*server, 1));
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
  EXPECT_TRUE(WaitUntil([&] { return server->stats().buffered_body_bytes == 0; }));
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
  // (That they are not closed before their deadline: http_server_load_test, whose idle and
  // slowloris connections all stay open under the default 30 s.)
  EXPECT_TRUE(WaitUntil([&] { return (*loris)->still_open() == 0 && (*idle)->still_open() == 0; }))
      << (*loris)->still_open() << " slowloris and " << (*idle)->still_open() << " idle open";
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
  ASSERT_TRUE(InFlight(*server, 1));
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
    ASSERT_TRUE(InFlight(*server, 1));
  }  // closed
  EXPECT_TRUE(WaitUntil([&] {
    return server->stats().requests_in_flight == 0 && server->stats().open_connections == 0;
  }));
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
  ASSERT_TRUE(InFlight(*server, 1));
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
  ASSERT_TRUE(closed.WaitForNotificationWithTimeout(absl::Seconds(30)));
  // Once the request is completed, nothing can run on_close again.
  ASSERT_TRUE(WaitUntil([&] {
    return server->stats().requests_in_flight == 0 && server->stats().open_connections == 0;
  }));
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
  EXPECT_TRUE(WaitUntil([&] { return on_close_calls.load() > 0; }));
  ASSERT_TRUE(WaitUntil([&] { return server->stats().requests_in_flight == 0; }));
  EXPECT_EQ(on_close_calls.load(), 1);
}

// ---- Clients that leave -----------------------------------------------------------------------

// A client that disconnects while its answer is pending: OnClientGone runs (once), so the work
// that would answer can stop; the late answer is dropped.
TEST(HttpServerTest, AClientThatLeavesAPendingRequestRunsOnClientGoneOnce) {
  std::atomic<int> gone{0};
  std::mutex mu;
  std::vector<std::unique_ptr<HttpResponder>> held;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest&, std::unique_ptr<HttpResponder> responder) {
        responder->OnClientGone([&] { ++gone; });
        std::lock_guard<std::mutex> lock(mu);
        held.push_back(std::move(responder));
      });
  ASSERT_NE(server, nullptr);
  for (const bool half_close : {false, true}) {
    const int before = gone.load();
    std::unique_ptr<RawConnection> conn = ConnectOrDie(server->address());
    ASSERT_TRUE(conn->Write(FormatRequest("POST", "/search", {}, "{}")).ok());
    ASSERT_TRUE(InFlight(*server, 1));
    if (half_close) {
      conn->ShutdownWrite();  // end-of-stream counts as leaving
    } else {
      conn.reset();
    }
    ASSERT_TRUE(WaitUntil([&] { return gone.load() == before + 1; })) << half_close;
    ASSERT_TRUE(WaitUntil([&] { return server->stats().requests_in_flight == 0; }));
  }
  std::lock_guard<std::mutex> lock(mu);
  for (auto& responder : held) responder->Send({200, "text/plain", "too late", {}});
  EXPECT_EQ(gone.load(), 2);
}

// A request answered before its client leaves never runs OnClientGone.
TEST(HttpServerTest, OnClientGoneDoesNotRunForAnAnsweredRequest) {
  std::atomic<int> gone{0};
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest& request, auto responder) {
        responder->OnClientGone([&] { ++gone; });
        Echo(request, std::move(responder));
      });
  ASSERT_NE(server, nullptr);
  for (int i = 0; i < 3; ++i) {
    absl::StatusOr<HttpReply> reply = Exchange(server->address(), FormatRequest("GET", "/x"));
    ASSERT_TRUE(reply.ok()) << reply.status();
    EXPECT_EQ(reply->body, "GET /x\n");
  }
  ASSERT_TRUE(WaitUntil([&] { return server->stats().open_connections == 0; }));
  EXPECT_EQ(gone.load(), 0);
}

// ---- Stopping --------------------------------------------------------------------------------

// Idle, slowloris and stalled-reader clients do not hold Stop beyond its grace period.
TEST(HttpServerTest, StopWithSlowClientsReturnsAfterTheGracePeriod) {
  // The stalled reader's answer must not fit in the kernel's buffers, or it is "sent" before
  // Stop and Stop may return at once: the client's receive buffer is pinned small, and the answer
  // is well over the most the server's send buffer can grow to on this machine.
  constexpr int kReceiveBufferBytes = 64 << 10;
  const size_t big_answer_bytes =
      static_cast<size_t>(std::max<int64_t>(16 << 20, 2 * MaxTcpSendBufferBytes() + (8 << 20)));
  absl::Notification big_answer_handed_over;
  std::unique_ptr<HttpServer> server =
      StartOrDie(TestOptions(), [&](const HttpRequest& request, auto responder) {
        const bool big = request.path == "/big";
        responder->Send({200, "text/plain", std::string(big ? big_answer_bytes : 10, 'b'), {}});
        if (big) big_answer_handed_over.Notify();
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
  // Never reads its answer, so the answer is in flight until the grace period ends.
  absl::StatusOr<std::unique_ptr<RawConnection>> stalled_connection =
      RawConnection::Connect(address, absl::Seconds(5), kReceiveBufferBytes);
  ASSERT_TRUE(stalled_connection.ok()) << stalled_connection.status();
  std::unique_ptr<RawConnection> stalled = *std::move(stalled_connection);
  ASSERT_TRUE(stalled->Write(FormatRequest("GET", "/big")).ok());
  // Waits for this request itself: the idle pool's last answers may still count as in flight for
  // a moment after their clients read them, and a Stop before the server has read /big has
  // nothing to wait for (CI failed so, twice, with Stop returning in 1 ms).
  ASSERT_TRUE(big_answer_handed_over.WaitForNotificationWithTimeout(absl::Seconds(30)));
  ASSERT_TRUE(InFlight(*server, 1));

  const absl::Time start = absl::Now();
  server->Stop(absl::Seconds(1));  // the test's timeout catches a Stop that never returns
  // Not a timing bound: with an answer in flight Stop cannot return before its grace ends.
  EXPECT_GE(absl::Now() - start, absl::Seconds(1));
  EXPECT_EQ(server->stats().open_connections, 0);
  // Closed (or reset: the unsent rest of its answer is dropped) by the server.
  EXPECT_TRUE(stalled->ClosedByPeer(absl::Seconds(30)));
  EXPECT_TRUE(WaitUntil([&] { return (*idle)->still_open() == 0 && (*loris)->still_open() == 0; }))
      << (*idle)->still_open() << " idle and " << (*loris)->still_open() << " slowloris open";
}

// Stop refuses new connections at once; an answer that comes within the grace period reaches its
// client; one that does not gets a 503 (and its OnClientGone runs); an event stream still open
// gets the shutdown event last and its on_close runs.
TEST(HttpServerTest, StopLetsPendingAnswersFinishWithinGrace) {
  std::mutex mu;
  absl::Notification answer_soon;
  std::vector<std::thread> workers;
  std::shared_ptr<HttpEventStream> stream;
  std::atomic<int> on_close_calls{0};
  std::atomic<int> never_gone{0};
  std::vector<std::unique_ptr<HttpResponder>> never;
  HttpServerOptions options = TestOptions();
  options.event_stream_shutdown_event = "event: error\ndata: shutting down\n\n";
  std::unique_ptr<HttpServer> server =
      StartOrDie(options, [&](const HttpRequest& request, auto responder) {
        std::lock_guard<std::mutex> lock(mu);
        if (request.path == "/soon") {
          workers.emplace_back([&answer_soon, responder = std::move(responder)]() mutable {
            answer_soon.WaitForNotification();
            responder->Send({200, "text/plain", "made it\n", {}});
          });
        } else if (request.path == "/events") {
          stream = responder->StartEventStream([&] { ++on_close_calls; });
          stream->Write("data: 1\n\n");
        } else {
          responder->OnClientGone([&] { ++never_gone; });
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
  ASSERT_TRUE(InFlight(*server, 3));

  const std::string address = server->address();
  std::thread stopper([&] { server->Stop(absl::Seconds(3)); });
  // /soon holds Stop in its grace period until it is answered: so this refusal happens during it.
  EXPECT_TRUE(Refuses(address)) << "still accepting during the grace period";
  answer_soon.Notify();
  absl::StatusOr<HttpReply> reply = soon->ReadResponse(absl::Seconds(30));
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "made it\n");
  EXPECT_EQ(*reply->Header("Connection"), "close");
  stopper.join();
  reply = late->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->status, 503);
  EXPECT_EQ(reply->body,
            "{\"code\":14,\"message\":\"the server is shutting down and the request was not "
            "answered within the shutdown grace period\"}");
  EXPECT_EQ(never_gone.load(), 1);
  absl::StatusOr<HttpReply> head = events->ReadResponseHead();
  ASSERT_TRUE(head.ok()) << head.status();
  std::string text;
  while (true) {
    absl::StatusOr<std::string> chunk = events->ReadChunk();
    if (!chunk.ok() || chunk->empty()) break;
    text += *chunk;
  }
  EXPECT_EQ(text, "data: 1\n\nevent: error\ndata: shutting down\n\n");
  EXPECT_EQ(on_close_calls.load(), 1);
  {
    std::lock_guard<std::mutex> lock(mu);
    EXPECT_FALSE(stream->Write("data: after\n\n"));
  }
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

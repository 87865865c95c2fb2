// The HTTP/JSON gateway end to end: the real server binary with --http_address, a real HTTP
// client (cpp-httplib's), every endpoint, the error mapping, the size limits, and the metrics
// after known traffic (gRPC and HTTP).
#include <grpcpp/client_context.h>
#include <httplib.h>

#include <map>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "client/remote_oracle.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace api = ::puzzleoracle::v1;

class HttpE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // --tables_dir: the default tier in this test's runfiles, not the opt-in large tables that
    // may sit beside them where Bazel builds them.
    auto started = ServerProcess::Start({"--address=127.0.0.1:0", "--http_address=127.0.0.1:0",
                                         "--tables_dir=data", "--max_batch_size=10",
                                         "--max_message_size=4096"});
    ASSERT_TRUE(started.ok()) << started.status();
    server_ = std::move(*started);
    ASSERT_FALSE(server_->http_address().empty());
    const size_t colon = server_->http_address().rfind(':');
    int port = 0;
    ASSERT_TRUE(absl::SimpleAtoi(server_->http_address().substr(colon + 1), &port));
    http_ = std::make_unique<httplib::Client>("127.0.0.1", port);
  }

  // POSTs `body` to `path`; returns {status, body}.
  std::pair<int, std::string> Post(const std::string& path, const std::string& body) {
    httplib::Result r = http_->Post(path.c_str(), body, "application/json");
    if (!r) return {-1, httplib::to_string(r.error())};
    return {r->status, r->body};
  }
  std::pair<int, std::string> Get(const std::string& path) {
    httplib::Result r = http_->Get(path.c_str());
    if (!r) return {-1, httplib::to_string(r.error())};
    EXPECT_TRUE(r->has_header("Content-Type"));
    content_type_ = r->get_header_value("Content-Type");
    return {r->status, r->body};
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<httplib::Client> http_;
  std::string content_type_;
};

TEST_F(HttpE2eTest, EightSolveAndErrors) {
  EXPECT_EQ(
      Post("/v1/eight:solve", R"({"start":"564178X23","goal":"7568X4123"})"),
      std::make_pair(200, std::string(R"({"solvable":true,"distance":8,"moves":"urrulldr"})")));
  // Defaults are printed too: distance 0 and empty moves.
  EXPECT_EQ(Post("/v1/eight:solve", R"({"start":"1 2 3 4 5 6 7 8 x"})"),
            std::make_pair(200, std::string(R"({"solvable":true,"distance":0,"moves":""})")));
  EXPECT_EQ(Post("/v1/eight:solve", R"({"start":"21345678X"})"),
            std::make_pair(200, std::string(R"({"solvable":false,"distance":-1,"moves":""})")));
  EXPECT_EQ(
      Post("/v1/eight:solve", R"({"start":"123Y5678X"})"),
      std::make_pair(
          400,
          std::string(
              R"({"code":3,"message":"start: symbol 'Y' at position 4; expected 1-8 or X"})")));
  auto [status, body] = Post("/v1/eight:solve", R"({"begin":"12X453786"})");
  EXPECT_EQ(status, 400);
  EXPECT_TRUE(absl::StartsWith(
      body, R"({"code":3,"message":"request body is not a valid JSON SolveRequest: )"))
      << body;
  std::tie(status, body) = Post("/v1/eight:solve", "not json");
  EXPECT_EQ(status, 400);
  EXPECT_TRUE(absl::StartsWith(body, R"({"code":3,"message":"request body is not a valid JSON)"))
      << body;
}

TEST_F(HttpE2eTest, BatchesRotationTablesAndLimits) {
  auto [status, body] =
      Post("/v1/eight:solveBatch",
           R"({"items":[{"id":"7","start":"12X453786"},{"id":"8","start":"x"}]})");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(
      body,
      R"({"results":[{"id":"7","code":0,"error":"","answer":{"solvable":true,"distance":2,"moves":"dd"}},)"
      R"({"id":"8","code":3,"error":"start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 1"}]})");
  std::string eleven = R"({"items":[)";
  for (int i = 0; i < 11; ++i) absl::StrAppend(&eleven, i ? "," : "", R"({"start":"12X453786"})");
  eleven += "]}";
  EXPECT_EQ(
      Post("/v1/eight:solveBatch", eleven),
      std::make_pair(
          400,
          std::string(
              R"j({"code":3,"message":"batch has 11 items; the server's limit is 10 (--max_batch_size)"})j")));
  EXPECT_EQ(
      Post("/v1/rotation:solve", R"({"board":"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"})"),
      std::make_pair(200, std::string(R"({"distance":2,"moves":"AC","centre":2})")));
  EXPECT_EQ(
      Post("/v1/rotation:solve", R"({"board":"1 2"})"),
      std::make_pair(
          400,
          std::string(
              R"({"code":3,"message":"board: expected 24 symbols (eight each of 1, 2 and 3), got 2"})")));
  std::tie(status, body) = Post("/v1/rotation:solveBatch",
                                R"({"items":[{"id":"1","board":"111111112222222233333333"}]})");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find(R"("moves":"DDHH")"), std::string::npos) << body;
  // Over --max_message_size (4096 bytes): 413 with RESOURCE_EXHAUSTED.
  EXPECT_EQ(
      Post("/v1/eight:solve", R"({"start":")" + std::string(5000, '1') + R"("})"),
      std::make_pair(
          413,
          std::string(
              R"j({"code":8,"message":"request body exceeds the server's limit of 4096 bytes (--max_message_size)"})j")));
  EXPECT_EQ(
      Post("/v1/nothing", "{}"),
      std::make_pair(
          404,
          std::string(
              R"({"code":5,"message":"no endpoint POST /v1/nothing; see GET / or the README for the API"})")));
  std::tie(status, body) = Get("/v1/tables");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(content_type_, "application/json");
  EXPECT_NE(body.find(R"("puzzleKind":"eight")"), std::string::npos) << body;
  EXPECT_NE(body.find(R"("puzzleKind":"rotation-game")"), std::string::npos) << body;
  EXPECT_NE(body.find(R"("maxBatchSize":10)"), std::string::npos) << body;
  std::tie(status, body) = Get("/");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(content_type_, "text/html; charset=utf-8");
  EXPECT_NE(body.find("<html"), std::string::npos);
  EXPECT_EQ(body.find("http://"), std::string::npos) << "the page must not load anything remote";
  EXPECT_EQ(body.find("https://"), std::string::npos) << "the page must not load anything remote";
}

// Samples of the exposition text, keyed by name{labels}.
std::map<std::string, double> Samples(const std::string& text) {
  std::map<std::string, double> samples;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    if (absl::StartsWith(line, "#")) continue;
    const size_t space = line.rfind(' ');
    double value = 0;
    EXPECT_TRUE(absl::SimpleAtod(line.substr(space + 1), &value)) << line;
    samples[std::string(line.substr(0, space))] = value;
  }
  return samples;
}

TEST_F(HttpE2eTest, MetricsCountKnownTraffic) {
  // Known traffic: 3 gRPC Solve OK, 2 gRPC Solve INVALID_ARGUMENT, 1 gRPC GetTableInfo,
  // 4 HTTP eight:solve OK, 1 HTTP eight:solve INVALID_ARGUMENT.
  auto stub = api::EightPuzzle::NewStub(client::MakeChannel(server_->address(), 1 << 20));
  for (const char* start : {"12X453786", "564178X23", "12345678X", "bad", "1234"}) {
    grpc::ClientContext context;
    api::SolveRequest request;
    request.set_start(start);
    api::SolveResponse response;
    stub->Solve(&context, request, &response);
  }
  {
    grpc::ClientContext context;
    api::GetTableInfoResponse info;
    ASSERT_TRUE(stub->GetTableInfo(&context, {}, &info).ok());
  }
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(Post("/v1/eight:solve", R"({"start":"12X453786"})").first, 200);
  ASSERT_EQ(Post("/v1/eight:solve", R"({"start":"12"})").first, 400);

  auto [status, body] = Get("/metrics");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(content_type_, "text/plain; version=0.0.4");
  const std::map<std::string, double> s = Samples(body);
  const std::string solve =
      R"(transport="grpc",method="/puzzleoracle.v1.EightPuzzle/Solve",puzzle="eight")";
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + solve + R"(,code="OK"})"), 3);
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + solve + R"(,code="INVALID_ARGUMENT"})"), 2);
  EXPECT_EQ(
      s.at(
          R"(puzzle_oracle_requests_total{transport="grpc",method="/puzzleoracle.v1.EightPuzzle/GetTableInfo",puzzle="eight",code="OK"})"),
      1);
  EXPECT_EQ(s.at("puzzle_oracle_request_duration_seconds_count{" + solve + "}"), 5);
  EXPECT_EQ(s.at("puzzle_oracle_request_duration_seconds_bucket{" + solve + R"(,le="+Inf"})"), 5);
  const std::string http = R"(transport="http",method="POST /v1/eight:solve",puzzle="eight")";
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + http + R"(,code="OK"})"), 4);
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + http + R"(,code="INVALID_ARGUMENT"})"), 1);
  EXPECT_EQ(s.at("puzzle_oracle_request_duration_seconds_count{" + http + "}"), 5);
  EXPECT_EQ(s.at(R"(puzzle_oracle_in_flight_requests{transport="grpc"})"), 0);
  // The scrape itself is in flight while it is rendered.
  EXPECT_EQ(s.at(R"(puzzle_oracle_in_flight_requests{transport="http"})"), 1);
  bool eight_table = false;
  for (const auto& [key, value] : s) {
    if (absl::StartsWith(key, R"(puzzle_oracle_table_info{kind="eight",version="2",checksum=")")) {
      eight_table = value == 1;
    }
  }
  EXPECT_TRUE(eight_table) << body;
  EXPECT_GT(s.at("process_start_time_seconds"), 1.7e9);
}

TEST_F(HttpE2eTest, V2RoutesAreMadeFromTheRegistry) {
  EXPECT_EQ(
      Post("/v2/puzzles/eight:solve", R"({"start":"564178X23","goal":"7568X4123"})"),
      std::make_pair(
          200,
          std::string(
              R"({"solvable":true,"distance":8,"moves":"urrulldr","extras":[],"boards":[]})")));
  EXPECT_EQ(
      Post("/v2/puzzles/rotation-game:solve", R"({"start":"111111112222222233333333"})"),
      std::make_pair(
          200,
          std::string(
              R"({"solvable":true,"distance":4,"moves":"DDHH","extras":[{"name":"centre","value":"2"}],"boards":[]})")));
  EXPECT_EQ(
      Post("/v2/puzzles/eight:solve", R"({"puzzle":"rotation-game","start":"12X453786"})"),
      std::make_pair(
          400,
          std::string(
              R"({"code":3,"message":"puzzle: the body names 'rotation-game', the path 'eight'"})")));
  auto [status, body] = Post("/v2/puzzles/sixteen:solve", "{}");
  EXPECT_EQ(status, 404);
  EXPECT_TRUE(absl::StartsWith(
      body,
      R"({"code":5,"message":"unknown puzzle 'sixteen'; this server serves eight, rotation-game)"))
      << body;
  std::tie(status, body) = Get("/v2/puzzles");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find(R"("name":"eight")"), std::string::npos) << body;
  std::tie(status, body) = Get("/v2/tables");
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find(R"("formatVersion":2)"), std::string::npos) << body;
  std::tie(status, body) = Get("/views/eight.js");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(content_type_, "text/javascript; charset=utf-8");
}

TEST_F(HttpE2eTest, MethodsPathsAndBodiesGetPreciseErrors) {
  // A known path with the wrong method is 405; an unknown method is 501.
  auto [status, body] = Get("/v2/puzzles/eight:solve");
  EXPECT_EQ(status, 405);
  EXPECT_EQ(body, R"({"code":5,"message":"/v2/puzzles/eight:solve takes POST, not GET"})");
  httplib::Request trace;
  trace.method = "TRACE";
  trace.path = "/";
  httplib::Response response;
  httplib::Error error = httplib::Error::Success;
  ASSERT_TRUE(http_->send(trace, response, error));
  EXPECT_EQ(response.status, 501);
  EXPECT_EQ(response.body,
            R"({"code":12,"message":"method TRACE is not supported; this API uses GET and POST"})");
  // The path is shown as sent (escaped), not decoded and cut at the first bad byte.
  std::tie(status, body) = Get("/%ff%fe");
  EXPECT_EQ(status, 404);
  EXPECT_EQ(
      body,
      R"({"code":5,"message":"no endpoint GET /%ff%fe; see GET / or the README for the API"})");
  // curl -d sends application/x-www-form-urlencoded: the body is read as JSON all the same, up
  // to the same limit.
  httplib::Result r = http_->Post("/v1/eight:solve", R"({"start":"12X453786"})",
                                  "application/x-www-form-urlencoded");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(r->body, R"({"solvable":true,"distance":2,"moves":"dd"})");
}

}  // namespace
}  // namespace tests

#include "server/metrics.h"

#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace server {
namespace {

// Parses exposition text into sample name{labels} -> value, checking the format's rules on the
// way: every sample belongs to a family announced by # TYPE, families are not split, names and
// values are well formed.
std::map<std::string, double> ParseExposition(const std::string& text) {
  std::map<std::string, double> samples;
  std::map<std::string, std::string> types;
  std::string current_family;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    if (absl::StartsWith(line, "# HELP ")) continue;
    if (absl::StartsWith(line, "# TYPE ")) {
      std::vector<std::string> parts = absl::StrSplit(line, ' ');
      EXPECT_EQ(parts.size(), 4u) << line;
      EXPECT_EQ(types.count(parts[2]), 0u) << "family announced twice: " << parts[2];
      types[parts[2]] = parts[3];
      current_family = parts[2];
      continue;
    }
    const size_t space = line.rfind(' ');
    EXPECT_NE(space, absl::string_view::npos) << line;
    const std::string key(line.substr(0, space));
    const std::string name = key.substr(0, key.find('{'));
    EXPECT_TRUE(absl::StartsWith(name, current_family)) << "sample outside its family: " << line;
    double value;
    EXPECT_TRUE(absl::SimpleAtod(line.substr(space + 1), &value)) << line;
    EXPECT_EQ(samples.count(key), 0u) << "duplicate sample: " << key;
    samples[key] = value;
  }
  return samples;
}

// The histogram lines of one series: count, sum, then the cumulative buckets.
std::string HistogramLines(const std::string& name, const std::string& labels,
                           const std::string& sum,
                           const std::vector<std::pair<std::string, int>>& buckets, int count) {
  std::string out = absl::StrCat(name, "_count{", labels, "} ", count, "\n", name, "_sum{", labels,
                                 "} ", sum, "\n");
  for (const auto& [le, n] : buckets) {
    absl::StrAppend(&out, name, "_bucket{", labels, ",le=\"", le, "\"} ", n, "\n");
  }
  absl::StrAppend(&out, name, "_bucket{", labels, ",le=\"+Inf\"} ", count, "\n");
  return out;
}

const std::vector<std::string> kDurationLe = {"1e-05",   "2.5e-05", "5e-05", "0.0001",
                                              "0.00025", "0.0005",  "0.001", "0.0025",
                                              "0.005",   "0.01",    "0.1",   "1"};

std::vector<std::pair<std::string, int>> Cumulative(const std::vector<std::string>& les,
                                                    const std::vector<int>& counts) {
  std::vector<std::pair<std::string, int>> out;
  for (size_t i = 0; i < les.size(); ++i) out.emplace_back(les[i], counts[i]);
  return out;
}

// Every line of the exposition after known traffic. Durations are dyadic fractions of a second
// (exact in absl::Duration and in a double) so that the sums print exactly.
TEST(MetricsTest, ExactExpositionAfterKnownTraffic) {
  Metrics metrics(absl::FromUnixSeconds(1700000000));
  Metrics::MethodMetrics* solve = metrics.RegisterMethod(Transport::kGrpc, "/p.S/Solve", "eight");
  Metrics::MethodMetrics* http =
      metrics.RegisterMethod(Transport::kHttp, "POST /v1/eight:solve", "eight");
  metrics.RegisterMethod(Transport::kGrpc, "/p.S/GetTableInfo");  // never called: not rendered
  EXPECT_EQ(metrics.Find(Transport::kGrpc, "/p.S/Solve", "eight"), solve);
  EXPECT_EQ(metrics.RegisterMethod(Transport::kGrpc, "/p.S/Solve", "eight"), solve);
  for (int i = 0; i < 5; ++i) solve->Record(absl::StatusCode::kOk, absl::ZeroDuration());
  solve->Record(absl::StatusCode::kInvalidArgument, absl::Seconds(1) / 2048);  // <= 0.0005
  solve->Record(absl::StatusCode::kOk, absl::Seconds(3));                      // beyond 1 s
  http->Record(absl::StatusCode::kOk, absl::Milliseconds(500));
  // Unregistered method, unregistered puzzle of a registered method: both count as "other".
  metrics.Find(Transport::kGrpc, "/unknown/Method")
      ->Record(absl::StatusCode::kUnimplemented, absl::ZeroDuration());
  metrics.Find(Transport::kGrpc, "/p.S/Solve", "nonesuch")
      ->Record(absl::StatusCode::kUnimplemented, absl::ZeroDuration());
  metrics.BeginRequest(Transport::kHttp);
  metrics.BeginRequest(Transport::kGrpc);
  metrics.EndRequest(Transport::kGrpc);
  metrics.AddTable("eight", 1, "fedb2f104199c6a0");
  metrics.RecordSearch("fifteen", absl::Milliseconds(1500), 123456);

  const std::string d = "puzzle_oracle_request_duration_seconds";
  std::string expected =
      "# HELP puzzle_oracle_requests_total Requests answered, by transport, method, puzzle and "
      "status code.\n"
      "# TYPE puzzle_oracle_requests_total counter\n"
      "puzzle_oracle_requests_total{transport=\"grpc\",method=\"/p.S/Solve\",puzzle=\"eight\","
      "code=\"INVALID_ARGUMENT\"} 1\n"
      "puzzle_oracle_requests_total{transport=\"grpc\",method=\"/p.S/Solve\",puzzle=\"eight\","
      "code=\"OK\"} 6\n"
      "puzzle_oracle_requests_total{transport=\"grpc\",method=\"other\",code=\"UNIMPLEMENTED\"} 2\n"
      "puzzle_oracle_requests_total{transport=\"http\",method=\"POST /v1/eight:solve\","
      "puzzle=\"eight\",code=\"OK\"} 1\n"
      "# HELP puzzle_oracle_request_duration_seconds Time from request to response, by "
      "transport, method and puzzle.\n"
      "# TYPE puzzle_oracle_request_duration_seconds histogram\n";
  expected += HistogramLines(d, "transport=\"grpc\",method=\"/p.S/Solve\",puzzle=\"eight\"",
                             "3.00048828125",
                             Cumulative(kDurationLe, {5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6}), 7);
  expected += HistogramLines(d, "transport=\"grpc\",method=\"other\"", "0",
                             Cumulative(kDurationLe, {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}), 2);
  expected +=
      HistogramLines(d, "transport=\"http\",method=\"POST /v1/eight:solve\",puzzle=\"eight\"",
                     "0.5", Cumulative(kDurationLe, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}), 1);
  expected +=
      "# HELP puzzle_oracle_in_flight_requests Requests being answered now.\n"
      "# TYPE puzzle_oracle_in_flight_requests gauge\n"
      "puzzle_oracle_in_flight_requests{transport=\"grpc\"} 0\n"
      "puzzle_oracle_in_flight_requests{transport=\"http\"} 1\n"
      "# HELP puzzle_oracle_search_duration_seconds Time spent in one search, by puzzle.\n"
      "# TYPE puzzle_oracle_search_duration_seconds histogram\n";
  expected += HistogramLines("puzzle_oracle_search_duration_seconds", "puzzle=\"fifteen\"", "1.5",
                             Cumulative({"0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1",
                                         "0.25", "0.5", "1", "2.5", "5", "10", "20", "30", "60"},
                                        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}),
                             1);
  expected +=
      "# HELP puzzle_oracle_search_nodes Nodes expanded by one search, by puzzle.\n"
      "# TYPE puzzle_oracle_search_nodes histogram\n";
  expected += HistogramLines(
      "puzzle_oracle_search_nodes", "puzzle=\"fifteen\"", "123456",
      Cumulative({"100", "300", "1000", "3000", "10000", "30000", "100000", "300000", "1000000",
                  "3000000", "10000000", "30000000", "100000000", "300000000", "1000000000"},
                 {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1}),
      1);
  expected +=
      "# HELP puzzle_oracle_table_info The tables being served.\n"
      "# TYPE puzzle_oracle_table_info gauge\n"
      "puzzle_oracle_table_info{kind=\"eight\",version=\"1\",checksum=\"fedb2f104199c6a0\"} 1\n"
      "# HELP process_start_time_seconds Start time of the process since the Unix epoch, in "
      "seconds.\n"
      "# TYPE process_start_time_seconds gauge\n"
      "process_start_time_seconds 1700000000\n";
  const std::string text = metrics.Render();
  EXPECT_EQ(text, expected);
  ParseExposition(text);  // and it is well formed
}

TEST(MetricsTest, FindMethodPicksTheMethodsOnlyPuzzle) {
  Metrics metrics(absl::UnixEpoch());
  Metrics::MethodMetrics* eight = metrics.RegisterMethod(Transport::kGrpc, "/E/Solve", "eight");
  Metrics::MethodMetrics* health = metrics.RegisterMethod(Transport::kGrpc, "/H/Check");
  metrics.RegisterMethod(Transport::kGrpc, "/Any/Solve", "eight");
  metrics.RegisterMethod(Transport::kGrpc, "/Any/Solve", "fifteen");
  Metrics::MethodMetrics* other = metrics.Find(Transport::kGrpc, "/nonesuch");
  EXPECT_EQ(metrics.FindMethod(Transport::kGrpc, "/E/Solve"), eight);
  EXPECT_EQ(metrics.FindMethod(Transport::kGrpc, "/H/Check"), health);
  EXPECT_EQ(metrics.FindMethod(Transport::kGrpc, "/Any/Solve"), other);
  EXPECT_EQ(metrics.FindMethod(Transport::kGrpc, "/nonesuch"), other);
  EXPECT_EQ(metrics.FindMethod(Transport::kHttp, "/E/Solve"), metrics.Find(Transport::kHttp, "x"));
  Metrics::MethodMetrics* any = metrics.RegisterMethod(Transport::kGrpc, "/Any/Solve");
  EXPECT_EQ(metrics.FindMethod(Transport::kGrpc, "/Any/Solve"), any);
}

TEST(MetricsTest, EmptyMetricsRenderGaugesOnly) {
  Metrics metrics(absl::FromUnixSeconds(1));
  const std::map<std::string, double> s = ParseExposition(metrics.Render());
  EXPECT_EQ(
      s, (std::map<std::string, double>{{"puzzle_oracle_in_flight_requests{transport=\"grpc\"}", 0},
                                        {"puzzle_oracle_in_flight_requests{transport=\"http\"}", 0},
                                        {"process_start_time_seconds", 1}}));
}

TEST(MetricsTest, LabelValuesAreEscaped) {  // by prometheus-cpp's serializer
  Metrics metrics(absl::UnixEpoch());
  metrics.RegisterMethod(Transport::kHttp, "GET /\"odd\"", "a\\b\nc")
      ->Record(absl::StatusCode::kOk, absl::ZeroDuration());
  EXPECT_NE(metrics.Render().find("puzzle_oracle_requests_total{transport=\"http\",method=\"GET "
                                  "/\\\"odd\\\"\",puzzle=\"a\\\\b\\nc\",code=\"OK\"} 1\n"),
            std::string::npos)
      << metrics.Render();
}

TEST(MetricsTest, OutOfRangeCodeCountsAsUnknown) {
  Metrics metrics(absl::UnixEpoch());
  metrics.RegisterMethod(Transport::kGrpc, "/m")
      ->Record(static_cast<absl::StatusCode>(42), absl::ZeroDuration());
  EXPECT_NE(metrics.Render().find(
                "puzzle_oracle_requests_total{transport=\"grpc\",method=\"/m\",code=\"UNKNOWN\"} "
                "1\n"),
            std::string::npos);
}

// Recording from several threads loses nothing (counters and histograms are updated atomically).
TEST(MetricsTest, ConcurrentRecordingIsExact) {
  Metrics metrics(absl::UnixEpoch());
  Metrics::MethodMetrics* m = metrics.RegisterMethod(Transport::kGrpc, "/m", "p");
  constexpr int kThreads = 4;
  constexpr int kEach = 20000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) {
        metrics.BeginRequest(Transport::kGrpc);
        m->Record(absl::StatusCode::kOk, absl::ZeroDuration());
        metrics.RecordSearch("p", absl::ZeroDuration(), 1);
        metrics.EndRequest(Transport::kGrpc);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  const std::map<std::string, double> s = ParseExposition(metrics.Render());
  const std::string labels = "transport=\"grpc\",method=\"/m\",puzzle=\"p\"";
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + labels + ",code=\"OK\"}"), kThreads * kEach);
  EXPECT_EQ(s.at("puzzle_oracle_request_duration_seconds_count{" + labels + "}"), kThreads * kEach);
  EXPECT_EQ(s.at("puzzle_oracle_search_nodes_bucket{puzzle=\"p\",le=\"100\"}"), kThreads * kEach);
  EXPECT_EQ(s.at("puzzle_oracle_in_flight_requests{transport=\"grpc\"}"), 0);
}

}  // namespace
}  // namespace server

#include "server/metrics.h"

#include <map>
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
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

TEST(MetricsTest, CountersHistogramsGaugesAfterKnownTraffic) {
  Metrics metrics(absl::FromUnixSeconds(1700000000));
  Metrics::MethodMetrics* solve = metrics.RegisterMethod(Transport::kGrpc, "/p.S/Solve");
  Metrics::MethodMetrics* http = metrics.RegisterMethod(Transport::kHttp, "POST /v1/eight:solve");
  EXPECT_EQ(metrics.Find(Transport::kGrpc, "/p.S/Solve"), solve);
  for (int i = 0; i < 5; ++i) solve->Record(absl::StatusCode::kOk, absl::Microseconds(30));
  solve->Record(absl::StatusCode::kInvalidArgument, absl::Microseconds(200));
  solve->Record(absl::StatusCode::kOk, absl::Seconds(3));  // beyond the last bucket
  http->Record(absl::StatusCode::kOk, absl::Microseconds(1));
  metrics.Find(Transport::kGrpc, "/unknown/Method")->Record(absl::StatusCode::kUnimplemented,
                                                            absl::ZeroDuration());
  metrics.BeginRequest(Transport::kHttp);
  metrics.AddTable("eight", 1, "fedb2f104199c6a0");

  const std::map<std::string, double> s = ParseExposition(metrics.Render());
  const std::string grpc = "transport=\"grpc\",method=\"/p.S/Solve\"";
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + grpc + ",code=\"OK\"}"), 6);
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{" + grpc + ",code=\"INVALID_ARGUMENT\"}"), 1);
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{transport=\"grpc\",method=\"other\",code=\"UNIMPLEMENTED\"}"), 1);
  EXPECT_EQ(s.at("puzzle_oracle_requests_total{transport=\"http\",method=\"POST /v1/eight:solve\",code=\"OK\"}"), 1);
  EXPECT_EQ(s.count("puzzle_oracle_requests_total{" + grpc + ",code=\"NOT_FOUND\"}"), 0u);
  // Histogram: cumulative, +Inf equals the count, sum in seconds.
  const std::string h = "puzzle_oracle_request_duration_seconds";
  EXPECT_EQ(s.at(h + "_bucket{" + grpc + ",le=\"2.5e-05\"}"), 0);
  EXPECT_EQ(s.at(h + "_bucket{" + grpc + ",le=\"5e-05\"}"), 5);
  EXPECT_EQ(s.at(h + "_bucket{" + grpc + ",le=\"0.00025\"}"), 6);
  EXPECT_EQ(s.at(h + "_bucket{" + grpc + ",le=\"1\"}"), 6);
  EXPECT_EQ(s.at(h + "_bucket{" + grpc + ",le=\"+Inf\"}"), 7);
  EXPECT_EQ(s.at(h + "_count{" + grpc + "}"), 7);
  EXPECT_NEAR(s.at(h + "_sum{" + grpc + "}"), 5 * 30e-6 + 200e-6 + 3, 1e-9);
  double previous = 0;
  for (double le : Metrics::kBuckets) {
    std::ostringstream label;
    label << le;
    const double v = s.at(h + "_bucket{" + grpc + ",le=\"" + label.str() + "\"}");
    EXPECT_GE(v, previous);
    previous = v;
  }
  EXPECT_EQ(s.at("puzzle_oracle_in_flight_requests{transport=\"http\"}"), 1);
  EXPECT_EQ(s.at("puzzle_oracle_in_flight_requests{transport=\"grpc\"}"), 0);
  EXPECT_EQ(s.at("puzzle_oracle_table_info{kind=\"eight\",version=\"1\",checksum=\"fedb2f104199c6a0\"}"), 1);
  EXPECT_EQ(s.at("process_start_time_seconds"), 1700000000);
}

TEST(MetricsTest, LabelValuesAreEscaped) {
  EXPECT_EQ(EscapeLabelValue("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
  Metrics metrics(absl::UnixEpoch());
  metrics.RegisterMethod(Transport::kHttp, "GET /\"odd\"")->Record(absl::StatusCode::kOk,
                                                                  absl::ZeroDuration());
  EXPECT_NE(metrics.Render().find("method=\"GET /\\\"odd\\\"\""), std::string::npos);
}

}  // namespace
}  // namespace server

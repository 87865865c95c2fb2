#include "server/metrics.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace server {
namespace {

constexpr absl::string_view kTransportNames[2] = {"grpc", "http"};

std::string CodeName(int code) {
  return absl::StatusCodeToString(static_cast<absl::StatusCode>(code));
}

}  // namespace

std::string EscapeLabelValue(absl::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

void Metrics::MethodMetrics::Record(absl::StatusCode code, absl::Duration latency) {
  const int index = static_cast<int>(code);
  by_code_[index >= 0 && index < kCodes ? index : static_cast<int>(absl::StatusCode::kUnknown)]
      .fetch_add(1, std::memory_order_relaxed);
  const double seconds = absl::ToDoubleSeconds(latency);
  for (size_t b = 0; b < kBuckets.size(); ++b) {
    if (seconds <= kBuckets[b]) {
      buckets_[b].fetch_add(1, std::memory_order_relaxed);
      break;
    }
  }
  sum_nanos_.fetch_add(static_cast<uint64_t>(absl::ToInt64Nanoseconds(latency)),
                       std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
}

Metrics::Metrics(absl::Time process_start) : process_start_(process_start) {
  for (int t = 0; t < 2; ++t) {
    methods_.emplace_back(new MethodMetrics(static_cast<Transport>(t), "other"));
    other_[t] = methods_.back().get();
  }
}

Metrics::MethodMetrics* Metrics::RegisterMethod(Transport transport, absl::string_view method) {
  auto& by_name = by_name_[static_cast<int>(transport)];
  auto it = by_name.find(method);
  if (it != by_name.end()) return it->second;
  methods_.emplace_back(new MethodMetrics(transport, std::string(method)));
  by_name.emplace(std::string(method), methods_.back().get());
  return methods_.back().get();
}

Metrics::MethodMetrics* Metrics::Find(Transport transport, absl::string_view method) {
  const auto& by_name = by_name_[static_cast<int>(transport)];
  auto it = by_name.find(method);
  return it != by_name.end() ? it->second : other_[static_cast<int>(transport)];
}

void Metrics::AddTable(absl::string_view kind, uint32_t version, absl::string_view checksum) {
  table_labels_.push_back(absl::StrCat("kind=\"", EscapeLabelValue(kind), "\",version=\"",
                                       version, "\",checksum=\"", EscapeLabelValue(checksum),
                                       "\""));
}

std::string Metrics::Render() const {
  std::string out;
  absl::StrAppend(&out,
                  "# HELP puzzle_oracle_requests_total Requests answered, by transport, method "
                  "and status code.\n"
                  "# TYPE puzzle_oracle_requests_total counter\n");
  for (const auto& method : methods_) {
    const MethodMetrics& m = *method;
    for (int code = 0; code < kCodes; ++code) {
      const uint64_t n = m.by_code_[code].load(std::memory_order_relaxed);
      if (n == 0) continue;
      absl::StrAppend(&out, "puzzle_oracle_requests_total{transport=\"",
                      kTransportNames[static_cast<int>(m.transport_)], "\",method=\"",
                      EscapeLabelValue(m.name_), "\",code=\"", CodeName(code), "\"} ", n, "\n");
    }
  }
  absl::StrAppend(&out,
                  "# HELP puzzle_oracle_request_duration_seconds Time from request to response, "
                  "by transport and method.\n"
                  "# TYPE puzzle_oracle_request_duration_seconds histogram\n");
  for (const auto& method : methods_) {
    const MethodMetrics& m = *method;
    const uint64_t count = m.count_.load(std::memory_order_relaxed);
    if (count == 0) continue;
    const std::string labels =
        absl::StrCat("transport=\"", kTransportNames[static_cast<int>(m.transport_)],
                     "\",method=\"", EscapeLabelValue(m.name_), "\"");
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kBuckets.size(); ++b) {
      cumulative += m.buckets_[b].load(std::memory_order_relaxed);
      absl::StrAppend(&out, "puzzle_oracle_request_duration_seconds_bucket{", labels, ",le=\"",
                      absl::StrFormat("%g", kBuckets[b]), "\"} ", cumulative, "\n");
    }
    // +Inf is the count itself (read once, so it is never below the finite buckets' sum in a
    // scrape: a concurrent Record bumps the bucket before the count).
    absl::StrAppend(&out, "puzzle_oracle_request_duration_seconds_bucket{", labels,
                    ",le=\"+Inf\"} ", std::max(count, cumulative), "\n");
    absl::StrAppend(&out, "puzzle_oracle_request_duration_seconds_sum{", labels, "} ",
                    absl::StrFormat("%.9f", m.sum_nanos_.load(std::memory_order_relaxed) / 1e9),
                    "\n");
    absl::StrAppend(&out, "puzzle_oracle_request_duration_seconds_count{", labels, "} ",
                    std::max(count, cumulative), "\n");
  }
  absl::StrAppend(&out,
                  "# HELP puzzle_oracle_in_flight_requests Requests being answered now.\n"
                  "# TYPE puzzle_oracle_in_flight_requests gauge\n");
  for (int t = 0; t < 2; ++t) {
    absl::StrAppend(&out, "puzzle_oracle_in_flight_requests{transport=\"", kTransportNames[t],
                    "\"} ", in_flight_[t].load(std::memory_order_relaxed), "\n");
  }
  absl::StrAppend(&out,
                  "# HELP puzzle_oracle_table_info The tables being served.\n"
                  "# TYPE puzzle_oracle_table_info gauge\n");
  for (const std::string& labels : table_labels_) {
    absl::StrAppend(&out, "puzzle_oracle_table_info{", labels, "} 1\n");
  }
  absl::StrAppend(&out,
                  "# HELP process_start_time_seconds Start time of the process since the Unix "
                  "epoch, in seconds.\n"
                  "# TYPE process_start_time_seconds gauge\n",
                  "process_start_time_seconds ",
                  absl::StrFormat("%.3f", absl::ToDoubleSeconds(process_start_ - absl::UnixEpoch())),
                  "\n");
  return out;
}

}  // namespace server

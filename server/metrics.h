// Prometheus metrics for the server, kept small because Debian packages no Prometheus client.
//
// Exposed (text exposition format 0.0.4, GET /metrics):
//   puzzle_oracle_requests_total{transport, method, code}        counter
//   puzzle_oracle_request_duration_seconds{transport, method}    histogram
//   puzzle_oracle_in_flight_requests{transport}                  gauge
//   puzzle_oracle_table_info{kind, version, checksum}            gauge, always 1
//   process_start_time_seconds                                   gauge
//
// Methods are registered before serving (RegisterMethod); recording is then lock-free (atomics
// only), so the hot path costs a few atomic adds. Unregistered method names are counted under
// method="other".
//
// Thread-safety: RegisterMethod and AddTable before serving, from one thread; everything else
// from any thread.

#ifndef SERVER_METRICS_H_
#define SERVER_METRICS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace server {

enum class Transport { kGrpc = 0, kHttp = 1 };

class Metrics {
 public:
  // Histogram bucket upper bounds, in seconds.
  static constexpr std::array<double, 12> kBuckets = {1e-5,   2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4,
                                                      1e-3,   2.5e-3, 5e-3, 1e-2, 1e-1,   1.0};
  static constexpr int kCodes = 17;  // google.rpc.Code 0..16

  // One method's counters.
  class MethodMetrics {
   public:
    void Record(absl::StatusCode code, absl::Duration latency);

   private:
    friend class Metrics;
    MethodMetrics(Transport transport, std::string name) : transport_(transport), name_(name) {}
    const Transport transport_;
    const std::string name_;
    std::array<std::atomic<uint64_t>, kCodes> by_code_{};
    std::array<std::atomic<uint64_t>, kBuckets.size()> buckets_{};  // non-cumulative
    std::atomic<uint64_t> count_{0};
    std::atomic<uint64_t> sum_nanos_{0};
  };

  explicit Metrics(absl::Time process_start);
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  // REQUIRES: before serving. Returns a pointer valid for the Metrics' lifetime.
  MethodMetrics* RegisterMethod(Transport transport, absl::string_view method);
  // The registered method, or the transport's "other" bucket.
  MethodMetrics* Find(Transport transport, absl::string_view method);

  void AddTable(absl::string_view kind, uint32_t version, absl::string_view checksum);

  void BeginRequest(Transport transport) { ++in_flight_[static_cast<int>(transport)]; }
  void EndRequest(Transport transport) { --in_flight_[static_cast<int>(transport)]; }

  // The exposition text. Counters appear once they are non-zero; histograms for every method
  // that has been called.
  std::string Render() const;

 private:
  const absl::Time process_start_;
  std::vector<std::unique_ptr<MethodMetrics>> methods_;
  absl::flat_hash_map<std::string, MethodMetrics*> by_name_[2];
  MethodMetrics* other_[2];
  std::array<std::atomic<int64_t>, 2> in_flight_{};
  std::vector<std::string> table_labels_;
};

// A Prometheus label value, escaped (backslash, double quote, newline).
std::string EscapeLabelValue(absl::string_view value);

}  // namespace server

#endif  // SERVER_METRICS_H_

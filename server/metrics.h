// Prometheus metrics for the server, on prometheus-cpp's core library (Registry, Family,
// TextSerializer). Its own HTTP exposer is not used: the server's HTTP front serves Render().
//
// Exposed (text exposition format 0.0.4, GET /metrics):
//   puzzle_oracle_requests_total{transport, method, puzzle, code}        counter
//   puzzle_oracle_request_duration_seconds{transport, method, puzzle}    histogram (kBuckets)
//   puzzle_oracle_in_flight_requests{transport}                          gauge
//   puzzle_oracle_search_duration_seconds{puzzle}                        histogram
//                                                                        (kSearchDurationBuckets)
//   puzzle_oracle_search_nodes{puzzle}                                   histogram
//                                                                        (kSearchNodeBuckets)
//   puzzle_oracle_table_info{kind, version, checksum}                    gauge, always 1
//   process_start_time_seconds                                           gauge
//
// transport is "grpc" or "http"; method is the gRPC method path or "VERB /path", or "other" for
// anything not registered; code is the google.rpc.Code name (OK, INVALID_ARGUMENT, ...).
// puzzle is the puzzle a call is about, or empty for calls about no single puzzle (health,
// /metrics, GetTableInfo). Rendering rules, chosen so that the text stays as it was before the
// puzzle label existed for such calls:
//   - an empty puzzle label is left out of the text (Prometheus treats a label with an empty
//     value as absent, so `sum by (puzzle)` is unaffected);
//   - labels appear in the order listed above (transport, method, puzzle, code / le), series in a
//     family sorted by their label values, families in the order listed above;
//   - a requests_total series appears once it is non-zero and a histogram once it has an
//     observation (16 codes x every method would otherwise be mostly zeros).
//
// Recording through a handle (MethodMetrics, SearchMetrics) looks nothing up: a counter add is one
// atomic compare-exchange; a histogram observation takes that histogram's own mutex (uncontended
// unless the same method is recorded from several threads in the same few nanoseconds).
//
// Example:
//   Metrics metrics(absl::Now());
//   Metrics::MethodMetrics* solve =
//       metrics.RegisterMethod(Transport::kHttp, "POST /v1/eight:solve", "eight");
//   ... serve; per request:
//   metrics.BeginRequest(Transport::kHttp);
//   solve->Record(absl::StatusCode::kOk, latency);
//   metrics.EndRequest(Transport::kHttp);
//
// Thread-safety: RegisterMethod and AddTable before serving, from one thread. Everything else
// (Find, recording, RegisterSearch, RecordSearch, Render) from any thread, concurrently.

#ifndef SERVER_METRICS_H_
#define SERVER_METRICS_H_

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace prometheus {
class Counter;
class Gauge;
class Histogram;
class Registry;
template <typename T>
class Family;
}  // namespace prometheus

namespace server {

enum class Transport { kGrpc = 0, kHttp = 1 };

class Metrics {
 public:
  // Request duration bucket upper bounds, in seconds.
  static constexpr std::array<double, 12> kBuckets = {1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4,
                                                      1e-3, 2.5e-3, 5e-3, 1e-2, 1e-1,   1.0};
  // Search duration bucket upper bounds, in seconds: 1 ms to 60 s.
  static constexpr std::array<double, 16> kSearchDurationBuckets = {
      1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 5e-2, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60};
  // Search node count bucket upper bounds: 1e2 to 1e9, two per decade.
  static constexpr std::array<double, 15> kSearchNodeBuckets = {
      1e2, 3e2, 1e3, 3e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6, 1e7, 3e7, 1e8, 3e8, 1e9};
  static constexpr int kCodes = 17;  // google.rpc.Code 0..16

  // One (transport, method, puzzle)'s series. Owned by the Metrics that returned it.
  class MethodMetrics {
   public:
    MethodMetrics(const MethodMetrics&) = delete;
    MethodMetrics& operator=(const MethodMetrics&) = delete;

    // Counts one call. A code outside 0..16 counts as UNKNOWN. Thread-safe.
    void Record(absl::StatusCode code, absl::Duration latency);

   private:
    friend class Metrics;
    MethodMetrics() = default;
    std::array<prometheus::Counter*, kCodes> by_code_{};
    prometheus::Histogram* duration_ = nullptr;
  };

  // One search puzzle's search histograms. Owned by the Metrics that returned it.
  class SearchMetrics {
   public:
    SearchMetrics(const SearchMetrics&) = delete;
    SearchMetrics& operator=(const SearchMetrics&) = delete;

    // Records one finished search. Thread-safe.
    void Record(absl::Duration duration, uint64_t nodes);

   private:
    friend class Metrics;
    SearchMetrics() = default;
    prometheus::Histogram* duration_ = nullptr;
    prometheus::Histogram* nodes_ = nullptr;
  };

  explicit Metrics(absl::Time process_start);
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;
  ~Metrics();

  // Creates (or returns the existing) series for `method` about `puzzle` ("" = no single
  // puzzle). REQUIRES: before serving. The pointer is valid for the Metrics' lifetime.
  MethodMetrics* RegisterMethod(Transport transport, absl::string_view method,
                                absl::string_view puzzle = "");
  // The registered (transport, method, puzzle), or the transport's "other" series (method
  // "other", no puzzle) when there is none. Never null. One hash lookup, no lock.
  MethodMetrics* Find(Transport transport, absl::string_view method,
                      absl::string_view puzzle = "") const;
  // Find in two steps, for a caller that looks up several puzzles of one method (the gRPC
  // interceptor: the method's series when a call starts, its puzzle's once the request is read):
  // FindPuzzles hashes the method's name once, FindPuzzle then only the puzzle's. `puzzles` may
  // be null (an unregistered method): then FindPuzzle is "other", as Find.
  using PuzzleSeries = absl::flat_hash_map<std::string, MethodMetrics*>;
  const PuzzleSeries* FindPuzzles(Transport transport, absl::string_view method) const;
  MethodMetrics* FindPuzzle(Transport transport, const PuzzleSeries* puzzles,
                            absl::string_view puzzle) const;
  // For callers that know the method but not the puzzle (the gRPC interceptor): the series of
  // `method` registered without a puzzle, else its only registered puzzle (a per-puzzle service
  // such as /puzzleoracle.v1.EightPuzzle/Solve registered with "eight"), else "other" (a method
  // registered for several puzzles must be recorded by its service, which knows the puzzle).
  MethodMetrics* FindMethod(Transport transport, absl::string_view method) const;
  // The transport's "other" series (what Find returns for an unregistered method). Never null.
  MethodMetrics* Other(Transport transport) const { return other_[static_cast<int>(transport)]; }

  // The search histograms of `puzzle`, created on first use. `puzzle` must come from the
  // server's puzzle registry, never from a client: each distinct value is a new series.
  // Thread-safe (a mutex; searches are long, callers may also keep the pointer).
  SearchMetrics* RegisterSearch(absl::string_view puzzle);
  // RegisterSearch(puzzle)->Record(duration, nodes).
  void RecordSearch(absl::string_view puzzle, absl::Duration duration, uint64_t nodes);

  // One puzzle_oracle_table_info series. REQUIRES: before serving.
  void AddTable(absl::string_view kind, uint32_t version, absl::string_view checksum);

  void BeginRequest(Transport transport);
  void EndRequest(Transport transport);

  // The exposition text (see the rendering rules above).
  std::string Render() const;

 private:
  using MethodIndex = absl::flat_hash_map<std::string, PuzzleSeries>;

  MethodMetrics* NewMethod(Transport transport, absl::string_view method, absl::string_view puzzle);

  const std::unique_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Counter>& requests_;
  prometheus::Family<prometheus::Histogram>& durations_;
  prometheus::Family<prometheus::Gauge>& in_flight_family_;
  prometheus::Family<prometheus::Histogram>& search_durations_;
  prometheus::Family<prometheus::Histogram>& search_nodes_;
  prometheus::Family<prometheus::Gauge>& table_info_;
  std::array<prometheus::Gauge*, 2> in_flight_{};

  std::vector<std::unique_ptr<MethodMetrics>> methods_;
  MethodIndex by_name_[2];  // method -> puzzle -> series
  MethodMetrics* other_[2] = {nullptr, nullptr};

  std::mutex search_mu_;  // std::mutex: visible to ThreadSanitizer (Debian's Abseil is not)
  absl::flat_hash_map<std::string, std::unique_ptr<SearchMetrics>> searches_
      ABSL_GUARDED_BY(search_mu_);
};

}  // namespace server

#endif  // SERVER_METRICS_H_

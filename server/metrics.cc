#include "server/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/metric_family.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <algorithm>
#include <iterator>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"

namespace server {
namespace {

constexpr absl::string_view kTransportNames[2] = {"grpc", "http"};

// Rendering order of families and of labels inside a series (see metrics.h).
constexpr absl::string_view kFamilyOrder[] = {
    "puzzle_oracle_requests_total",     "puzzle_oracle_request_duration_seconds",
    "puzzle_oracle_in_flight_requests", "puzzle_oracle_search_duration_seconds",
    "puzzle_oracle_search_nodes",       "puzzle_oracle_table_info",
    "process_start_time_seconds",
};
constexpr absl::string_view kLabelOrder[] = {"transport", "method",  "puzzle",  "code",
                                             "kind",      "version", "checksum"};

template <size_t N>
size_t RankOf(const absl::string_view (&order)[N], absl::string_view name) {
  return static_cast<size_t>(std::find(std::begin(order), std::end(order), name) -
                             std::begin(order));
}

template <size_t N>
prometheus::Histogram::BucketBoundaries Bounds(const std::array<double, N>& bounds) {
  return prometheus::Histogram::BucketBoundaries(bounds.begin(), bounds.end());
}

// Applies the rendering rules of metrics.h to one collected family, in place.
void Normalize(prometheus::MetricFamily& family) {
  std::vector<prometheus::ClientMetric>& metrics = family.metric;
  if (family.type == prometheus::MetricType::Counter) {
    metrics.erase(
        std::remove_if(metrics.begin(), metrics.end(),
                       [](const prometheus::ClientMetric& m) { return m.counter.value == 0; }),
        metrics.end());
  } else if (family.type == prometheus::MetricType::Histogram) {
    metrics.erase(std::remove_if(metrics.begin(), metrics.end(),
                                 [](const prometheus::ClientMetric& m) {
                                   return m.histogram.sample_count == 0;
                                 }),
                  metrics.end());
  }
  for (prometheus::ClientMetric& metric : metrics) {
    std::vector<prometheus::ClientMetric::Label>& labels = metric.label;
    labels.erase(std::remove_if(labels.begin(), labels.end(),
                                [](const prometheus::ClientMetric::Label& label) {
                                  return label.name == "puzzle" && label.value.empty();
                                }),
                 labels.end());
    // Labels arrive sorted by name; a stable sort keeps that for names outside kLabelOrder.
    std::stable_sort(
        labels.begin(), labels.end(),
        [](const prometheus::ClientMetric::Label& a, const prometheus::ClientMetric::Label& b) {
          return RankOf(kLabelOrder, a.name) < RankOf(kLabelOrder, b.name);
        });
  }
  std::sort(
      metrics.begin(), metrics.end(),
      [](const prometheus::ClientMetric& a, const prometheus::ClientMetric& b) {
        return std::lexicographical_compare(
            a.label.begin(), a.label.end(), b.label.begin(), b.label.end(),
            [](const prometheus::ClientMetric::Label& x, const prometheus::ClientMetric::Label& y) {
              const size_t rx = RankOf(kLabelOrder, x.name);
              const size_t ry = RankOf(kLabelOrder, y.name);
              if (rx != ry) return rx < ry;
              if (x.name != y.name) return x.name < y.name;
              return x.value < y.value;
            });
      });
}

}  // namespace

void Metrics::MethodMetrics::Record(absl::StatusCode code, absl::Duration latency) {
  const int index = static_cast<int>(code);
  by_code_[index >= 0 && index < kCodes ? index : static_cast<int>(absl::StatusCode::kUnknown)]
      ->Increment();
  duration_->Observe(absl::ToDoubleSeconds(latency));
}

void Metrics::SearchMetrics::Record(absl::Duration duration, uint64_t nodes) {
  duration_->Observe(absl::ToDoubleSeconds(duration));
  nodes_->Observe(static_cast<double>(nodes));
}

Metrics::Metrics(absl::Time process_start)
    : registry_(std::make_unique<prometheus::Registry>()),
      requests_(prometheus::BuildCounter()
                    .Name("puzzle_oracle_requests_total")
                    .Help("Requests answered, by transport, method, puzzle and status code.")
                    .Register(*registry_)),
      durations_(prometheus::BuildHistogram()
                     .Name("puzzle_oracle_request_duration_seconds")
                     .Help("Time from request to response, by transport, method and puzzle.")
                     .Register(*registry_)),
      in_flight_family_(prometheus::BuildGauge()
                            .Name("puzzle_oracle_in_flight_requests")
                            .Help("Requests being answered now.")
                            .Register(*registry_)),
      search_durations_(prometheus::BuildHistogram()
                            .Name("puzzle_oracle_search_duration_seconds")
                            .Help("Time spent in one search, by puzzle.")
                            .Register(*registry_)),
      search_nodes_(prometheus::BuildHistogram()
                        .Name("puzzle_oracle_search_nodes")
                        .Help("Nodes expanded by one search, by puzzle.")
                        .Register(*registry_)),
      table_info_(prometheus::BuildGauge()
                      .Name("puzzle_oracle_table_info")
                      .Help("The tables being served.")
                      .Register(*registry_)) {
  for (int t = 0; t < 2; ++t) {
    in_flight_[t] = &in_flight_family_.Add({{"transport", std::string(kTransportNames[t])}});
    other_[t] = NewMethod(static_cast<Transport>(t), "other", "");
  }
  prometheus::BuildGauge()
      .Name("process_start_time_seconds")
      .Help("Start time of the process since the Unix epoch, in seconds.")
      .Register(*registry_)
      .Add({})
      .Set(absl::ToDoubleSeconds(process_start - absl::UnixEpoch()));
}

Metrics::~Metrics() = default;

Metrics::MethodMetrics* Metrics::NewMethod(Transport transport, absl::string_view method,
                                           absl::string_view puzzle) {
  auto metrics = absl::WrapUnique(new MethodMetrics());
  const prometheus::Labels labels = {
      {"transport", std::string(kTransportNames[static_cast<int>(transport)])},
      {"method", std::string(method)},
      {"puzzle", std::string(puzzle)}};
  for (int code = 0; code < kCodes; ++code) {
    prometheus::Labels with_code = labels;
    with_code.emplace("code", absl::StatusCodeToString(static_cast<absl::StatusCode>(code)));
    metrics->by_code_[code] = &requests_.Add(with_code);
  }
  metrics->duration_ = &durations_.Add(labels, Bounds(kBuckets));
  methods_.push_back(std::move(metrics));
  return methods_.back().get();
}

Metrics::MethodMetrics* Metrics::RegisterMethod(Transport transport, absl::string_view method,
                                                absl::string_view puzzle) {
  auto& by_puzzle = by_name_[static_cast<int>(transport)][method];
  auto it = by_puzzle.find(puzzle);
  if (it != by_puzzle.end()) return it->second;
  MethodMetrics* metrics = NewMethod(transport, method, puzzle);
  by_puzzle.emplace(std::string(puzzle), metrics);
  return metrics;
}

Metrics::MethodMetrics* Metrics::Find(Transport transport, absl::string_view method,
                                      absl::string_view puzzle) const {
  return FindPuzzle(transport, FindPuzzles(transport, method), puzzle);
}

const Metrics::PuzzleSeries* Metrics::FindPuzzles(Transport transport,
                                                  absl::string_view method) const {
  const MethodIndex& by_name = by_name_[static_cast<int>(transport)];
  auto method_it = by_name.find(method);
  return method_it != by_name.end() ? &method_it->second : nullptr;
}

Metrics::MethodMetrics* Metrics::FindPuzzle(Transport transport, const PuzzleSeries* puzzles,
                                            absl::string_view puzzle) const {
  if (puzzles != nullptr) {
    auto it = puzzles->find(puzzle);
    if (it != puzzles->end()) return it->second;
  }
  return other_[static_cast<int>(transport)];
}

Metrics::MethodMetrics* Metrics::FindMethod(Transport transport, absl::string_view method) const {
  const MethodIndex& by_name = by_name_[static_cast<int>(transport)];
  auto method_it = by_name.find(method);
  if (method_it != by_name.end()) {
    const auto& by_puzzle = method_it->second;
    auto it = by_puzzle.find("");
    if (it != by_puzzle.end()) return it->second;
    if (by_puzzle.size() == 1) return by_puzzle.begin()->second;
  }
  return other_[static_cast<int>(transport)];
}

Metrics::SearchMetrics* Metrics::RegisterSearch(absl::string_view puzzle) {
  std::lock_guard<std::mutex> lock(search_mu_);
  std::unique_ptr<SearchMetrics>& slot = searches_[puzzle];
  if (slot == nullptr) {
    slot = absl::WrapUnique(new SearchMetrics());
    const prometheus::Labels labels = {{"puzzle", std::string(puzzle)}};
    slot->duration_ = &search_durations_.Add(labels, Bounds(kSearchDurationBuckets));
    slot->nodes_ = &search_nodes_.Add(labels, Bounds(kSearchNodeBuckets));
  }
  return slot.get();
}

void Metrics::RecordSearch(absl::string_view puzzle, absl::Duration duration, uint64_t nodes) {
  RegisterSearch(puzzle)->Record(duration, nodes);
}

void Metrics::AddTable(absl::string_view kind, uint32_t version, absl::string_view checksum) {
  table_info_
      .Add({{"kind", std::string(kind)},
            {"version", absl::StrCat(version)},
            {"checksum", std::string(checksum)}})
      .Set(1);
}

void Metrics::BeginRequest(Transport transport) {
  in_flight_[static_cast<int>(transport)]->Increment();
}

void Metrics::EndRequest(Transport transport) {
  in_flight_[static_cast<int>(transport)]->Decrement();
}

std::string Metrics::Render() const {
  std::vector<prometheus::MetricFamily> families = registry_->Collect();
  for (prometheus::MetricFamily& family : families) Normalize(family);
  std::stable_sort(families.begin(), families.end(),
                   [](const prometheus::MetricFamily& a, const prometheus::MetricFamily& b) {
                     return RankOf(kFamilyOrder, a.name) < RankOf(kFamilyOrder, b.name);
                   });
  return prometheus::TextSerializer().Serialize(families);
}

}  // namespace server

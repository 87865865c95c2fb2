// The HTTP gateway's JSON printing of a batch answer: server::MessageToJson (chunks of 256
// results) against protobuf's MessageToJsonString of the whole message, which it replaced because
// the latter builds a tree of the whole message first. Both produce the same bytes
// (json_output_test); this measures their time:
//   bazel run -c opt //bench:json_output_benchmark
// and heaptrack their memory (peak heap, 10,000 answers: 5.6 MB in chunks, 37.1 MB whole):
//   heaptrack bazel-bin/bench/json_output_benchmark --benchmark_filter=BM_WholeMessage/10000
#include <benchmark/benchmark.h>
#include <google/protobuf/util/json_util.h>

#include <string>

#include "puzzleoracle/v2/oracle.pb.h"
#include "server/json_output.h"

namespace {

namespace v2 = ::puzzleoracle::v2;

// A batch answer of `n` 8-puzzle results, each a 20-move answer (the middle of the 8-puzzle's
// distance range).
v2::SolveBatchResponse Batch(int n) {
  v2::SolveBatchResponse batch;
  for (int i = 0; i < n; ++i) {
    v2::SolveItemResult* result = batch.add_results();
    result->set_id(i);
    result->mutable_answer()->set_solvable(true);
    result->mutable_answer()->set_distance(20);
    result->mutable_answer()->set_moves("dlurdlurdlurdlurdlur");
  }
  return batch;
}

void BM_InChunks(benchmark::State& state) {
  const v2::SolveBatchResponse batch = Batch(static_cast<int>(state.range(0)));
  size_t bytes = 0;
  for (auto _ : state) {
    const std::string json = server::MessageToJson(batch);
    bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  state.counters["json_bytes"] = static_cast<double>(bytes);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_WholeMessage(benchmark::State& state) {
  const v2::SolveBatchResponse batch = Batch(static_cast<int>(state.range(0)));
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  size_t bytes = 0;
  for (auto _ : state) {
    std::string json;
    google::protobuf::util::MessageToJsonString(batch, &json, options);
    bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  state.counters["json_bytes"] = static_cast<double>(bytes);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

BENCHMARK(BM_InChunks)->Arg(100)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WholeMessage)->Arg(100)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// Drives a running server with N concurrent clients and checks every answer.
//
// Each client has its own channel (its own connection) and loops, until the run's time or call
// budget is spent, over a weighted random choice of:
//   Solve        one query from the Workload;
//   SolveBatch   1..max_batch_items queries; one call in `oversize_every` sends
//                max_batch_size + 1 items and must be rejected whole (INVALID_ARGUMENT);
//   SolveStream  1..max_stream_messages messages of 1..max_stream_items queries, each answered
//                in lockstep; one stream in `oversize_every` ends with an over-limit message,
//                which must end the stream with INVALID_ARGUMENT naming that message
//                ("message N: ...") after the earlier answers.
// Every client makes one over-limit batch and one over-limit stream first, so that their
// allocations happen during warm-up. Every answer, item id and error message is compared with
// the Workload's expectation: a different status code counts as an unexpected status code,
// anything else as a wrong answer. Latencies and throughput count only calls that started
// after warm-up; the checks count every call.
//
// Thread-safety: RunLoad is a blocking call; it owns its client threads.

#ifndef LOADTEST_LOAD_RUNNER_H_
#define LOADTEST_LOAD_RUNNER_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "loadtest/workload.h"

namespace loadtest {

struct LoadOptions {
  std::string address;
  int clients = 4;
  absl::Duration duration = absl::Seconds(10);
  absl::Duration warmup = absl::Seconds(2);
  int64_t max_calls = 10000000;  // across all clients; the run stops at whichever comes first
  absl::Duration deadline = absl::Seconds(10);  // per call (per stream)
  // Relative frequencies of the three RPCs.
  int solve_weight = 6;
  int batch_weight = 3;
  int stream_weight = 1;
  int max_batch_items = 200;
  int max_stream_messages = 8;
  int max_stream_items = 50;
  int oversize_every = 500;
  int max_batch_size = 10000;  // the server's limit, from GetTableInfo
  uint64_t seed = 1;
};

enum RpcKind { kSolve, kSolveBatch, kStreamMessage, kStreamCall, kRpcKinds };
const char* RpcKindName(RpcKind kind);

struct KindStats {
  int64_t calls = 0;                  // every call (stream message) made
  int64_t measured_calls = 0;         // those that started after warm-up
  int64_t measured_items = 0;         // queries they carried
  std::vector<double> latency_us;     // one per measured call
  std::map<int, int64_t> call_codes;  // final status code -> calls
  std::map<int, int64_t> item_codes;  // per-item code -> items (batch and stream)

  void Merge(const KindStats& other);
};

struct LoadResult {
  std::array<KindStats, kRpcKinds> kinds;
  int64_t queries_checked = 0;
  int64_t wrong_answers = 0;
  int64_t unexpected_codes = 0;
  std::vector<std::string> examples;  // the first few problems, for the report
  absl::Time start;
  absl::Time warmup_end;
  absl::Time end;
};

LoadResult RunLoad(const Workload& workload, const LoadOptions& options);

}  // namespace loadtest

#endif  // LOADTEST_LOAD_RUNNER_H_

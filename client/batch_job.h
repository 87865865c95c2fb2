// `oracle_client batch`: many queries from a file or stdin, answered in order into a JSON Lines
// file (formats in batch_lines.h), resumable and shardable.
//
//   - Order: every input line of the shard gets one output line, in input order, a bad line an
//     error line; nothing stops the job or shifts later answers.
//   - Resumable: each chunk's lines are written whole and flushed, so a kill -9 at any moment
//     leaves complete lines that are all correct, and at most one partial line after them.
//     With `resume`, the complete lines are checked to be this input's (their "line" numbers
//     are the shard's first lines, in order; otherwise nothing is touched and the job fails),
//     a partial last line is cut off, and the job goes on after the last complete line. Without
//     timing, the result is byte-identical to an uninterrupted run.
//   - Shards: shard I of N takes the input lines L with (L - 1) % N == I; MergeBatchParts joins
//     the parts in input order.
//   - Retries: a chunk whose call fails UNAVAILABLE or RESOURCE_EXHAUSTED (a replica gone, or
//     busy), and items refused RESOURCE_EXHAUSTED, are sent again after a backoff that doubles.
//
//   - Parallel: `workers` chunks are answered at once; the output is written in input order.
//
// Thread-safety: RunBatch is not thread-safe with itself on one output.
#ifndef CLIENT_BATCH_JOB_H_
#define CLIENT_BATCH_JOB_H_

#include <cstdint>
#include <cstdio>
#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "puzzle/puzzle.h"

namespace client {

struct BatchOptions {
  std::string default_puzzle = "eight";  // of plain lines, and JSON lines without "puzzle"
  int shard_index = 0;                   // 0 <= shard_index < shard_count
  int shard_count = 1;
  size_t chunk_size = 500;  // queries per Oracle::SolveMany call
  // Chunks answered at once, each by a worker thread with its own Oracles: in process, the
  // threads that answer; remotely, the calls in flight.
  int workers = 2;
  bool timing = true;        // "nodes" and "ms" in the answers
  bool resume = false;       // continue an existing output (else a non-empty one is refused)
  uint64_t total_lines = 0;  // of the input, for the ETA (0: unknown)
  std::FILE* log = nullptr;  // progress and the summary; null: none
  bool terminal = false;     // the log is a terminal: one self-overwriting progress line
  absl::Duration log_every = absl::Seconds(5);
  int max_attempts = 8;  // sends of one chunk or item before its error stands
  absl::Duration first_backoff = absl::Milliseconds(100);
};

// A new Oracle for one puzzle's queries (in process, or remote), for one worker: each worker makes
// its own on its first query of that puzzle (Oracles are used by one thread). An error (an
// unknown puzzle) becomes every such item's error. Called from the workers' threads.
using OracleForPuzzle =
    std::function<absl::StatusOr<std::unique_ptr<puzzle::Oracle>>(const std::string& puzzle)>;

// Whether a puzzle's moves are space-separated tokens (ReadBatchLine's plain lines).
using SpaceSeparatedMoves = bool (*)(const std::string& puzzle);

struct BatchSummary {
  uint64_t resumed = 0;   // answers already in the output
  uint64_t answered = 0;  // answers written now, errors included
  uint64_t errors = 0;
  uint64_t retries = 0;
  absl::Duration wall;
  std::vector<std::pair<uint64_t, absl::Duration>> slowest;  // (line, search time), at most 5
};

// Errors: FailedPrecondition for an output that is not this job's to continue (or exists without
// `resume`), naming the line; the output file's own errors; Internal when an Oracle answers the
// wrong number of results. Query problems are answer lines, never errors.
absl::StatusOr<BatchSummary> RunBatch(std::istream& input, const std::string& output_path,
                                      const BatchOptions& options, const OracleForPuzzle& oracles,
                                      SpaceSeparatedMoves space_separated_moves);

// The lines of shard outputs (each in input order) as one output in input order. Errors:
// InvalidArgument naming the part and line that is not an answer line or out of order, or
// an input line answered twice.
absl::Status MergeBatchParts(const std::vector<std::string>& part_paths, std::ostream& out);

// "I/N" (0 <= I < N), or "N" with I from the environment's JOB_COMPLETION_INDEX (a Kubernetes
// Indexed Job's pod): {I, N}, or InvalidArgument "--shard: ...".
absl::StatusOr<std::pair<int, int>> ParseShard(const std::string& text);

}  // namespace client

#endif  // CLIENT_BATCH_JOB_H_

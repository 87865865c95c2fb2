// table_generator: builds a puzzle table file.
//
//   bazel run //generator:table_generator -- --puzzle=eight --output=/tmp/eight.tbl
//   bazel run //generator:table_generator -- --puzzle=rotation-game --output=/tmp/rotation.tbl
//
// Prints a summary (states, depths, time per phase, output size) to stderr. The output is
// byte-for-byte deterministic for a given zstd level and zstd version: the metadata carries no
// timestamp.

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "generator/eight_bfs.h"
#include "generator/rotation_bfs.h"
#include "puzzle/atomic_file.h"
#include "puzzle/eight_table.h"
#include "puzzle/rotation_table.h"
#include "puzzle/table_file.h"

ABSL_FLAG(std::string, puzzle, "eight", "Which table: eight (Eight II) or rotation-game.");
ABSL_FLAG(std::string, output, "", "Path of the table file to write (required).");
ABSL_FLAG(int, zstd_level, 19, "zstd compression level (1-22); part of the file's identity.");
ABSL_FLAG(int, threads, 2, "Threads for the Eight II BFS runs (the output does not depend on it).");

namespace {

double Millis(absl::Duration d) { return absl::ToDoubleMilliseconds(d); }

// The built table, ready to encode, or an error.
absl::StatusOr<puzzle::TableFile> Build(const std::string& puzzle, int level) {
  if (puzzle == "eight") {
    generator::EightBfsResult bfs = generator::BuildEightTable(absl::GetFlag(FLAGS_threads));
    for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
      const generator::SeedStats& s = bfs.seeds[seed];
      std::fprintf(stderr, "seed %d (blank at cell %d): %u states, max depth %d\n", seed, seed,
                   s.states, s.max_depth());
    }
    return puzzle::MakeTableFile(
        puzzle::EightTableLayout(), std::move(bfs.payload),
        absl::StrCat("generator=table_generator; algorithm=FIFO BFS per seed, moves d,l,r,u, "
                     "first discovery stored; seeds=9; zstd_level=",
                     level));
  }
  if (puzzle == "rotation-game") {
    absl::StatusOr<generator::RotationBfsResult> bfs = generator::BuildRotationTable();
    if (!bfs.ok()) return bfs.status();
    std::fprintf(stderr, "rotation game: %u sets, max distance %zu, sets per distance: %s\n",
                 puzzle::kRotationCellSets, bfs->per_depth.size() - 1,
                 absl::StrJoin(bfs->per_depth, " ").c_str());
    return puzzle::MakeTableFile(
        puzzle::RotationTableLayout(), std::move(bfs->payload),
        absl::StrCat("generator=table_generator; algorithm=BFS from the centre set through "
                     "inverse ops, 8-subsets of 24 cells in colex order; zstd_level=",
                     level));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--puzzle=", puzzle, "; expected eight or rotation-game"));
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Builds a puzzle table file.\n"
      "Usage: table_generator --puzzle=eight|rotation-game --output=PATH [--zstd_level=19]");
  absl::ParseCommandLine(argc, argv);
  const std::string output = absl::GetFlag(FLAGS_output);
  const int level = absl::GetFlag(FLAGS_zstd_level);
  if (output.empty()) {
    std::fprintf(stderr, "table_generator: --output is required\n");
    return 2;
  }
  if (level < 1 || level > 22) {
    std::fprintf(stderr, "table_generator: --zstd_level=%d; expected 1..22\n", level);
    return 2;
  }
  const absl::Time t0 = absl::Now();
  absl::StatusOr<puzzle::TableFile> table = Build(absl::GetFlag(FLAGS_puzzle), level);
  if (!table.ok()) {
    std::fprintf(stderr, "table_generator: %s\n", std::string(table.status().message()).c_str());
    return table.status().code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
  }
  const absl::Time t1 = absl::Now();
  const std::string bytes = puzzle::EncodeTableFile(*table, level);
  const absl::Time t2 = absl::Now();
  const absl::Status written = puzzle::WriteFileAtomically(output, bytes);
  const absl::Time t3 = absl::Now();
  if (!written.ok()) {
    std::fprintf(stderr, "table_generator: %s\n", std::string(written.message()).c_str());
    return 1;
  }
  std::fprintf(stderr,
               "search %.1f ms, compress %.1f ms, write %.1f ms, total %.1f ms\n"
               "wrote %s: %zu bytes (%zu raw, %zu compressed), payload xxh3 %016llx\n",
               Millis(t1 - t0), Millis(t2 - t1), Millis(t3 - t2), Millis(t3 - t0), output.c_str(),
               bytes.size(), table->payload.size(),
               bytes.size() - puzzle::kTableHeaderSize - table->metadata.size(),
               static_cast<unsigned long long>(table->payload_checksum));
  return 0;
}

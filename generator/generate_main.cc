// eight_generator: builds the Eight II table file.
//
//   bazel run //generator:eight_generator -- --output=/tmp/eight.tbl
//
// Prints a summary (states per seed, max depth, time per phase, output size) to stderr. The
// output is byte-for-byte deterministic for a given zstd level and zstd version.

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "generator/eight_bfs.h"
#include "puzzle/atomic_file.h"
#include "puzzle/eight_table.h"
#include "puzzle/table_file.h"

ABSL_FLAG(std::string, output, "", "Path of the table file to write (required).");
ABSL_FLAG(int, zstd_level, 19, "zstd compression level (1-22); part of the file's identity.");
ABSL_FLAG(int, threads, 2, "Threads for the nine BFS runs (the output does not depend on it).");

namespace {

double Millis(absl::Duration d) { return absl::ToDoubleMilliseconds(d); }

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("Builds the Eight II last-move table file.\n"
                               "Usage: eight_generator --output=PATH [--zstd_level=19]");
  absl::ParseCommandLine(argc, argv);
  const std::string output = absl::GetFlag(FLAGS_output);
  const int level = absl::GetFlag(FLAGS_zstd_level);
  if (output.empty()) {
    std::fprintf(stderr, "eight_generator: --output is required\n");
    return 2;
  }
  if (level < 1 || level > 22) {
    std::fprintf(stderr, "eight_generator: --zstd_level=%d; expected 1..22\n", level);
    return 2;
  }

  const absl::Time t0 = absl::Now();
  generator::EightBfsResult bfs = generator::BuildEightTable(absl::GetFlag(FLAGS_threads));
  const absl::Time t1 = absl::Now();
  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    const generator::SeedStats& s = bfs.seeds[seed];
    std::fprintf(stderr, "seed %d (blank at cell %d): %u states, max depth %d\n", seed, seed,
                 s.states, s.max_depth());
  }

  // Metadata says how the table was built; it carries no timestamp so that rebuilds are
  // byte-for-byte identical.
  const std::string metadata = absl::StrCat(
      "generator=eight_generator; algorithm=FIFO BFS per seed, moves d,l,r,u, first discovery "
      "stored; seeds=9; zstd_level=", level);
  puzzle::EightTable table = puzzle::EightTable::FromPayload(std::move(bfs.payload), metadata);
  const std::string bytes = puzzle::EncodeTableFile(table.file(), level);
  const absl::Time t2 = absl::Now();
  const absl::Status written = puzzle::WriteFileAtomically(output, bytes);
  const absl::Time t3 = absl::Now();
  if (!written.ok()) {
    std::fprintf(stderr, "eight_generator: %s\n", written.ToString().c_str());
    return 1;
  }
  std::fprintf(stderr,
               "bfs %.1f ms, compress %.1f ms, write %.1f ms, total %.1f ms\n"
               "wrote %s: %zu bytes (%zu raw, %zu compressed), payload xxh3 %016llx\n",
               Millis(t1 - t0), Millis(t2 - t1), Millis(t3 - t2), Millis(t3 - t0), output.c_str(),
               bytes.size(), table.file().payload.size(),
               static_cast<size_t>(bytes.size() - puzzle::kTableHeaderSize - metadata.size()),
               static_cast<unsigned long long>(table.file().payload_checksum));
  return 0;
}

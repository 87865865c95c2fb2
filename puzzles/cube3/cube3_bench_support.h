// What the 3x3x3's benchmark binaries and tests share: reading the files of cubes, and building
// the tables
// (or mapping them from a table file, as the server does) with the time it took printed.
//
// Thread-safety: pure functions.
#ifndef PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_
#define PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/table_file.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

// The cubes of a file of 54-facelet strings, one a line ('#' lines and empty lines skipped): at
// most `count` of them, from the `first` (0-based). NotFound when the file cannot be read;
// InvalidArgument "<path> line N: <the facelet parser's message>" for a bad line.
absl::StatusOr<std::vector<Cube3State>> ReadCube3Cubes(const std::string& path, int first,
                                                       int count);

// A line of testdata/cube3_known.txt: "NAME HTM QTM FACELETS", a position and its published
// optimal lengths in the half-turn and quarter-turn metrics.
struct Cube3KnownPosition {
  std::string name;
  int htm = 0, qtm = 0;
  std::string facelets;
  Cube3State cube;
};
// Every position of such a file ('#' lines and empty lines skipped). NotFound when the file
// cannot be read; InvalidArgument "<path> line N: ..." for a line without four fields, a length
// that is not a number, or facelets the parser refuses (its message).
absl::StatusOr<std::vector<Cube3KnownPosition>> ReadCube3KnownPositions(const std::string& path);

// Cube3PruningData::Build on `threads` threads, its depth lines on stderr, then "tables: 25.1 s on
// 2 threads, 682.2 MB" on stdout.
Cube3PruningData BuildCube3TablesPrinted(int threads);

// The default tier's tables for a benchmark: built as BuildCube3TablesPrinted when `path` is
// empty, else mapped from the table file at `path` (bazel-bin/data/cube3.tbl) as the server maps
// it with --table_advice=`advice`, and "tables: <path> mapped (<advice>) and checked in 1.9 s"
// printed. Errors: an unknown advice, and TableFile::Open's and Cube3TablesFromFile's.
struct Cube3BenchTables {
  Cube3PruningData built;           // when built
  std::unique_ptr<TableFile> file;  // when mapped
  Cube3PruningTables view;          // of one of them
};
absl::StatusOr<std::unique_ptr<Cube3BenchTables>> LoadCube3BenchTables(const std::string& path,
                                                                       const std::string& advice,
                                                                       int threads);

// The default tier's tables copied out of the table file at `path` into vectors the caller owns:
// for the tests, which then need not build them again (the file is what //data:cube3_table
// built, its bytes pinned by its checksum test), and whose verifier tests change an entry.
// Errors: TableFile::Open's and Cube3TablesFromFile's.
absl::StatusOr<Cube3PruningData> ReadCube3TablesFromFile(const std::string& path);

// For a test's static tables: ReadCube3TablesFromFile, or "<path>: <error>" on stderr and abort.
// The caller owns the result (kept for the whole run, so LeakSanitizer sees it reachable).
Cube3PruningData* ReadCube3TablesOrAbort(const std::string& path);

// The benchmarks' and tests' checksum of a run's solutions: FNV-1a over each solution's move
// numbers, plus one, and a separator after each. Start from kCube3SolutionsChecksumStart and fold
// in every solution, in order.
inline constexpr uint64_t kCube3SolutionsChecksumStart = 14695981039346656037u;
uint64_t FoldCube3Solution(uint64_t checksum, const std::vector<int>& moves);

// TableFile::Open with the advice named `advice` (a --table_advice value).
absl::StatusOr<std::unique_ptr<TableFile>> OpenTableFileWithAdvice(const std::string& path,
                                                                   const std::string& advice);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_

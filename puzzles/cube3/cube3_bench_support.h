// What the 3x3x3's benchmark binaries share: reading a file of cubes, and building the tables
// with their build time and size printed.
//
// Thread-safety: pure functions.
#ifndef PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_
#define PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

// The cubes of a file of 54-facelet strings, one a line ('#' lines and empty lines skipped): at
// most `count` of them, from the `first` (0-based). NotFound when the file cannot be read;
// InvalidArgument "<path> line N: <the facelet parser's message>" for a bad line.
absl::StatusOr<std::vector<Cube3State>> ReadCube3Cubes(const std::string& path, int first,
                                                       int count);

// Cube3PruningData::Build on `threads` threads, its depth lines on stderr, then "tables: 25.1 s on
// 2 threads, 823.2 MB" on stdout.
Cube3PruningData BuildCube3TablesPrinted(int threads);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_BENCH_SUPPORT_H_

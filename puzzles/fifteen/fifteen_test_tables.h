// The tables for tests that need real ones, once per test binary, from the first of:
//   - the section cache directory named by $FIFTEEN_TABLE_CACHE (fifteen_section_cache.h; pass
//     it with `bazel test --test_env=FIFTEEN_TABLE_CACHE=/tmp/fifteen-tables`), which may hold
//     the large tier too;
//   - the default tier built by the :fifteen_default_tables genrule, in the runfiles (a data
//     dependency of the test), kFifteenTestTablesRunfilesDir;
//   - the default tier built in-process with 2 threads (about a minute).
//
// Thread-safety: the first call loads; later calls return the same immutable objects.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_

#include "puzzles/fifteen/fifteen_heuristic.h"

namespace puzzle {

inline constexpr char kFifteenTestTablesRunfilesDir[] = "puzzles/fifteen/fifteen_default_tables";

// Never null. Aborts the test binary (a test fixture cannot continue) if the tables cannot be
// read or built.
const FifteenHeuristic& FifteenTestHeuristic();

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_

// The tables for tests and benchmarks that need real ones, loaded once per binary from the table
// files (fifteen_table_file.h) in the first of:
//   - the directory named by $FIFTEEN_TABLES_DIR, e.g. with the large tier built:
//       bazel build //data:fifteen-large_table
//       bazel test ... --test_env=FIFTEEN_TABLES_DIR=$PWD/bazel-bin/data
//   - "data" in the runfiles (a data dependency on //data:fifteen_table).
// fifteen.tbl must be there; fifteen-large.tbl is used when present.
//
// Thread-safety: the first call loads; later calls return the same immutable objects.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_

#include <string>

#include "puzzles/fifteen/fifteen_heuristic.h"

namespace puzzle {

// The directory the tables are read from ($FIFTEEN_TABLES_DIR or "data").
std::string FifteenTestTablesDir();

// Never null. Aborts the binary (a test fixture cannot continue) if the tables cannot be read.
const FifteenHeuristic& FifteenTestHeuristic();

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TEST_TABLES_H_

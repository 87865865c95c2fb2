// Where the Bazel-built table files are, for programs started without --tables_dir: from the
// binary's runfiles (bazel run, bazel test, or bazel-bin/<pkg>/<binary> run from anywhere).
//
// The runfiles hold symlinks to bazel-bin/data/<table>.tbl, themselves links to the files, which
// Bazel builds in the host configuration (bazel-out/host/bin/data/generated/, see
// build_defs/puzzle_tables.bzl); the directory of the file they resolve to is returned, so that
// optional tables (large tiers) built later with `bazel build //data:<t>_table`, which land
// there too, are found. (A file put in bazel-bin/data by hand is not: pass --tables_dir.) Falls
// back to "data" (the runfiles-relative path) when there are none.
//
// Thread-safety: pure function of the file system.

#ifndef PUZZLES_TABLES_DIR_H_
#define PUZZLES_TABLES_DIR_H_

#include <string>

namespace puzzle {

std::string DefaultTablesDir(const char* argv0);

}  // namespace puzzle

#endif  // PUZZLES_TABLES_DIR_H_

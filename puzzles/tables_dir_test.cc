// DefaultTablesDir: the directory the runfiles' table links point to, from RUNFILES_DIR or the
// binary's own <argv0>.runfiles; "data" when neither holds a required table.
#include "puzzles/tables_dir.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace puzzle {
namespace {

// <root>/bin.runfiles/puzzle_oracle/data/eight.tbl -> <root>/built/eight.tbl, as Bazel lays
// them out. Returns <root>.
std::string MakeRunfiles(const std::string& name) {
  const std::string root = absl::StrCat(std::getenv("TEST_TMPDIR"), "/", name);
  for (const std::string& dir :
       {root, root + "/built", root + "/bin.runfiles", root + "/bin.runfiles/puzzle_oracle",
        root + "/bin.runfiles/puzzle_oracle/data"}) {
    ::mkdir(dir.c_str(), 0755);
  }
  FILE* f = std::fopen((root + "/built/eight.tbl").c_str(), "wb");
  std::fclose(f);
  const std::string link = root + "/bin.runfiles/puzzle_oracle/data/eight.tbl";
  ::unlink(link.c_str());
  EXPECT_EQ(::symlink((root + "/built/eight.tbl").c_str(), link.c_str()), 0) << link;
  return root;
}

TEST(DefaultTablesDirTest, FollowsTheBinarysRunfilesToTheBuiltTables) {
  ::unsetenv("RUNFILES_DIR");
  const std::string root = MakeRunfiles("own");
  EXPECT_EQ(DefaultTablesDir((root + "/bin").c_str()), root + "/built");
}

TEST(DefaultTablesDirTest, RunfilesDirComesFirst) {
  const std::string own = MakeRunfiles("first_own");
  const std::string env = MakeRunfiles("first_env");
  ::setenv("RUNFILES_DIR", (env + "/bin.runfiles").c_str(), 1);
  EXPECT_EQ(DefaultTablesDir((own + "/bin").c_str()), env + "/built");
  ::unsetenv("RUNFILES_DIR");
}

TEST(DefaultTablesDirTest, WithoutTablesInTheRunfilesItIsData) {
  ::unsetenv("RUNFILES_DIR");
  // This test's own runfiles hold no table either (it has no data dependency).
  const std::string root = absl::StrCat(std::getenv("TEST_TMPDIR"), "/none");
  EXPECT_EQ(DefaultTablesDir((root + "/bin").c_str()), "data");
}

}  // namespace
}  // namespace puzzle

// The cube files' readers: the published files read whole, and each malformed line named by its
// number with what was expected.
#include "puzzles/cube3/cube3_bench_support.h"

#include <cstdlib>
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "puzzles/cube3/cube3_notation.h"

namespace puzzle {
namespace {

std::string WriteFile(const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Cube3BenchSupportTest, ReadsThePublishedFiles) {
  absl::StatusOr<std::vector<Cube3State>> cubes =
      ReadCube3Cubes("puzzles/cube3/testdata/cube3_random1000.txt", 998, 5);
  ASSERT_TRUE(cubes.ok()) << cubes.status();
  EXPECT_EQ(cubes->size(), 2u);  // from the 999th of 1,000
  absl::StatusOr<std::vector<Cube3KnownPosition>> known =
      ReadCube3KnownPositions("puzzles/cube3/testdata/cube3_known.txt");
  ASSERT_TRUE(known.ok()) << known.status();
  ASSERT_GE(known->size(), 2u);
  EXPECT_EQ((*known)[0].name, "solved");
  EXPECT_EQ((*known)[0].cube, Cube3Solved());
  EXPECT_EQ((*known)[1].name, "superflip");
  EXPECT_EQ((*known)[1].htm, 20);
  EXPECT_EQ((*known)[1].qtm, 24);
  EXPECT_EQ(Cube3Facelets((*known)[1].cube), (*known)[1].facelets);
}

TEST(Cube3BenchSupportTest, NamesTheBadLine) {
  const std::string solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
  const std::string path =
      WriteFile("known.txt", "# comment\nsolved 0 0 " + solved + "\nshort 1 x " + solved + "\n");
  absl::StatusOr<std::vector<Cube3KnownPosition>> known = ReadCube3KnownPositions(path);
  EXPECT_EQ(known.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(known.status().message(),
            path + " line 3: expected NAME HTM QTM FACELETS (two numbers)");
  const std::string bad_cube = WriteFile("bad.txt", "odd 1 1 UUUU\n");
  known = ReadCube3KnownPositions(bad_cube);
  EXPECT_EQ(known.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(known.status().message().rfind(bad_cube + " line 1: odd: ", 0), 0u)
      << known.status().message();
  EXPECT_EQ(ReadCube3KnownPositions(path + ".missing").status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadCube3Cubes(path + ".missing", 0, 1).status().code(), absl::StatusCode::kNotFound);
}

TEST(Cube3BenchSupportTest, TheChecksumSeesEveryMoveAndWhereEachSolutionEnds) {
  const auto checksum = [](const std::vector<std::vector<int>>& solutions) {
    uint64_t sum = kCube3SolutionsChecksumStart;
    for (const std::vector<int>& moves : solutions) sum = FoldCube3Solution(sum, moves);
    return sum;
  };
  const uint64_t two = checksum({{0, 1}, {2}});
  EXPECT_NE(two, checksum({{0}, {1, 2}}));      // where a solution ends
  EXPECT_NE(two, checksum({{1, 0}, {2}}));      // the order of the moves
  EXPECT_NE(two, checksum({{0, 1}, {3}}));      // each move
  EXPECT_NE(two, checksum({{0, 1}, {2}, {}}));  // an empty solution counts too
  EXPECT_EQ(two, checksum({{0, 1}, {2}}));
}

}  // namespace
}  // namespace puzzle

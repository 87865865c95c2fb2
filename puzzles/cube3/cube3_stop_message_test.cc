#include "puzzles/cube3/cube3_stop_message.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(Cube3StopMessageTest, ReadsTheBoundAndTheBestSolution) {
  absl::StatusOr<Cube3StopMessage> m = ParseCube3StopMessage(
      "search stopped by --max_search_time (3s) after 3.13s and 59850822 nodes; the optimal "
      "length is at least 16; the best solution known is 19 moves, not proven optimal: L U D' B'");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->stopped_by, "search stopped by --max_search_time (3s)");
  EXPECT_EQ(m->bound, 16);
  EXPECT_TRUE(m->has_best);
  EXPECT_EQ(m->best_words, "19 moves, not proven optimal");
  EXPECT_EQ(m->best_moves, "L U D' B'");
}

TEST(Cube3StopMessageTest, TheBoundAlone) {
  absl::StatusOr<Cube3StopMessage> m = ParseCube3StopMessage(
      "search stopped by the call's deadline after 20ms and 1024 nodes; the optimal length is at "
      "least 9");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->stopped_by, "search stopped by the call's deadline");
  EXPECT_EQ(m->bound, 9);
  EXPECT_FALSE(m->has_best);
}

TEST(Cube3StopMessageTest, NamesWhatIsMissing) {
  EXPECT_EQ(ParseCube3StopMessage("no search").status().message(),
            "expected ' after ' in: no search");
  EXPECT_EQ(ParseCube3StopMessage("stopped after 1s").status().message(),
            "expected ' nodes; the optimal length is at least ' in: stopped after 1s");
  EXPECT_EQ(
      ParseCube3StopMessage("x after 1 nodes; the optimal length is at least y").status().message(),
      "expected the bound, a number, in: x after 1 nodes; the optimal length is at least y");
  EXPECT_EQ(ParseCube3StopMessage(
                "x after 1 nodes; the optimal length is at least 5; the best solution known is 6")
                .status()
                .code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace puzzle

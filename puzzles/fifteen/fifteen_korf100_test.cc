#include "puzzles/fifteen/fifteen_korf100.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(FifteenKorf100Test, ReadsAllHundredWithTheirPublishedLengths) {
  absl::StatusOr<std::vector<KorfInstance>> instances = ReadKorf100();
  ASSERT_TRUE(instances.ok()) << instances.status();
  ASSERT_EQ(instances->size(), 100u);
  int sum = 0;
  for (size_t i = 0; i < instances->size(); ++i) {
    const KorfInstance& k = (*instances)[i];
    EXPECT_EQ(k.id, static_cast<int>(i) + 1);
    EXPECT_TRUE(FifteenSolvable(k.board, KorfFifteenGoal())) << k.id;
    sum += k.optimal_length;
  }
  EXPECT_EQ(sum, 5305);
  EXPECT_EQ(FormatFifteenBoard((*instances)[0].board), "EDF7BC956X2148A3");
  EXPECT_EQ((*instances)[0].optimal_length, 57);
}

TEST(FifteenKorf100Test, MalformedLinesAreNamed) {
  EXPECT_EQ(ParseKorf100("# c\n1 57\n").status().message(),
            "korf100 line 2: expected 'ID OPTIMAL_LENGTH KORF85_NODES'");
  EXPECT_EQ(ParseKorf100("1 57 3\n1 2 3\n").status().message(),
            "korf100 line 2: expected 16 symbols (tiles 1-15 and one blank), got 3");
  EXPECT_EQ(ParseKorf100("1 57 3\n").status().message(), "korf100: the last instance has no board");
}

}  // namespace
}  // namespace puzzle

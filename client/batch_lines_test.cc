#include "client/batch_lines.h"

#include <cstdint>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"

namespace client {
namespace {

bool Spaced(const std::string& puzzle) { return puzzle == "cube3"; }

TEST(BatchLinesTest, PlainLinesSplitAtATabOrBetweenTwoWords) {
  BatchItem a = ReadBatchLine("564178X23 7568X4123", 1, "eight", &Spaced);
  EXPECT_TRUE(a.error.ok());
  EXPECT_EQ(a.query.start, "564178X23");
  EXPECT_EQ(a.query.goal, "7568X4123");
  EXPECT_EQ(a.id_json, "null");
  BatchItem b = ReadBatchLine("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\tX123456789ABCDEF", 2,
                              "fifteen", &Spaced);
  EXPECT_EQ(b.query.start, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
  EXPECT_EQ(b.query.goal, "X123456789ABCDEF");
  // A cube's two-move scramble is one start, not a start and a goal.
  BatchItem c = ReadBatchLine("R U\r", 3, "cube3", &Spaced);
  EXPECT_EQ(c.query.start, "R U");
  EXPECT_EQ(c.query.goal, "");
  BatchItem d = ReadBatchLine("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, "fifteen", &Spaced);
  EXPECT_EQ(d.query.start, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15");
}

TEST(BatchLinesTest, JsonLinesCarryTheirIdAndFields) {
  BatchItem a = ReadBatchLine(
      R"({"id": 7, "puzzle": "cube3", "start": "R U", "goal": "", "mode": "optimal"})", 5, "eight",
      &Spaced);
  ASSERT_TRUE(a.error.ok()) << a.error;
  EXPECT_EQ(a.id_json, "7");
  EXPECT_EQ(a.puzzle, "cube3");
  EXPECT_EQ(a.query.start, "R U");
  EXPECT_EQ(a.query.mode, "optimal");
  BatchItem b = ReadBatchLine(R"({"id": "row \"9\"", "start": "12345678X"})", 6, "eight", &Spaced);
  EXPECT_EQ(b.id_json, R"("row \"9\"")");
  EXPECT_EQ(b.puzzle, "eight");
}

TEST(BatchLinesTest, BadLinesNameTheProblem) {
  EXPECT_EQ(ReadBatchLine("", 3, "eight", &Spaced).error.message(),
            "line 3: empty; expected START, START<TAB>GOAL or a JSON object");
  // Protobuf's JSON parser names the field and what is wrong with it.
  EXPECT_EQ(ReadBatchLine(R"({"strat": "x"})", 4, "eight", &Spaced).error.message(),
            "line 4: not a query: strat: Cannot find field.");
  EXPECT_EQ(ReadBatchLine(R"({"id": 1})", 5, "eight", &Spaced).error.message(),
            "line 5: field \"start\" is missing");
  EXPECT_EQ(ReadBatchLine(R"({"start": 5})", 6, "eight", &Spaced).error.message(),
            "line 6: not a query: (start): invalid value 5 for type TYPE_STRING");
  EXPECT_EQ(ReadBatchLine(R"({"id": [1], "start": "x"})", 7, "eight", &Spaced).error.message(),
            "line 7: field \"id\" must be a string or a number");
  const absl::Status truncated = ReadBatchLine(R"({"start": "12)", 8, "eight", &Spaced).error;
  EXPECT_EQ(truncated.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(truncated.message(), "line 8: not a query: Closing quote expected in string.");
}

TEST(BatchLinesTest, AnswersAreOneJsonLineWithTheirInputLine) {
  BatchItem item = ReadBatchLine(R"({"id": "a", "start": "x"})", 12, "eight", &Spaced);
  puzzle::Answer answer;
  answer.solvable = true;
  answer.distance = 2;
  answer.moves = "ud";
  answer.nodes = 5;
  answer.search_time = absl::Microseconds(1500);
  EXPECT_EQ(FormatBatchAnswer(item, absl::OkStatus(), answer, true),
            "{\"line\":12,\"id\":\"a\",\"puzzle\":\"eight\",\"distance\":2,\"moves\":\"ud\","
            "\"nodes\":5,\"ms\":1.500}\n");
  EXPECT_EQ(FormatBatchAnswer(item, absl::OkStatus(), answer, false),
            "{\"line\":12,\"id\":\"a\",\"puzzle\":\"eight\",\"distance\":2,\"moves\":\"ud\"}\n");
  // "ms" is printf's %.3f of the time in milliseconds, for every whole microsecond up to 20 s
  // (and nearby times round to the nearest microsecond).
  for (int64_t us = 0; us <= 20000000; us += us < 100000 ? 1 : 997) {
    answer.search_time = absl::Microseconds(us);
    const std::string expected = absl::StrFormat(",\"ms\":%.3f}\n", us / 1000.0);
    const std::string line = FormatBatchAnswer(item, absl::OkStatus(), answer, true);
    ASSERT_TRUE(absl::EndsWith(line, expected)) << line << " for " << us << " us";
    answer.search_time = absl::Microseconds(us) + absl::Nanoseconds(499);
    ASSERT_TRUE(absl::EndsWith(FormatBatchAnswer(item, absl::OkStatus(), answer, true), expected));
    answer.search_time = absl::Microseconds(us) - absl::Nanoseconds(us == 0 ? 0 : 500);
    ASSERT_TRUE(absl::EndsWith(FormatBatchAnswer(item, absl::OkStatus(), answer, true), expected));
  }
  answer.search_time = absl::InfiniteDuration();
  EXPECT_TRUE(absl::EndsWith(FormatBatchAnswer(item, absl::OkStatus(), answer, true),
                             ",\"ms\":9223372036854775.807}\n"));
  answer.search_time = absl::Microseconds(1500);
  const std::string error =
      FormatBatchAnswer(item, absl::InvalidArgumentError("start: bad \"x\"\n"), answer, true);
  EXPECT_EQ(error,
            "{\"line\":12,\"id\":\"a\",\"puzzle\":\"eight\",\"error\":{\"code\":"
            "\"INVALID_ARGUMENT\",\"message\":\"start: bad \\\"x\\\"\\n\"}}\n");
  EXPECT_EQ(*BatchAnswerLine(error), 12u);
  EXPECT_FALSE(BatchAnswerLine("{\"id\":3}").ok());
  EXPECT_FALSE(BatchAnswerLine("{\"line\":x,").ok());
  EXPECT_FALSE(BatchAnswerLine("{\"line\":4,\"id\":null,\"puzz").ok());  // cut short
}

TEST(BatchLinesTest, JsonStringsAreValidUtf8WhateverTheBytes) {
  EXPECT_EQ(JsonString("a\x01"
                       "b"),
            "\"a\\u0001b\"");
  EXPECT_EQ(JsonString("\xc3\xa9"), "\"\xc3\xa9\"");  // UTF-8 kept
  EXPECT_EQ(JsonString("\xff"), "\"\\u00ff\"");       // not UTF-8: escaped
}

}  // namespace
}  // namespace client

#include "server/json_body.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v2/oracle.pb.h"

namespace server {
namespace {

TEST(CountJsonItemsTest, CountsTheTopLevelItemsArrayOnly) {
  EXPECT_EQ(CountJsonItems(R"({"items": []})"), 0);
  EXPECT_EQ(CountJsonItems(R"({"items": [{}, {}, {}]})"), 3);
  EXPECT_EQ(CountJsonItems(R"({"puzzle": "eight", "items": [{"start": "a,b"}, {"goal": "]"}]})"),
            2);
  // Nested arrays and an "items" key below the top level do not count.
  EXPECT_EQ(CountJsonItems(R"({"x": {"items": [1, 2]}, "items": [[1, 2], [3]]})"), 2);
  // An escaped quote does not end the string.
  EXPECT_EQ(CountJsonItems(R"({"items": [{"start": "\"items\": [1,2"}]})"), 1);
}

TEST(ParseJsonBodyTest, ParsesAValidBody) {
  puzzleoracle::v2::SolveBatchRequest request;
  ASSERT_TRUE(
      ParseJsonBody(R"({"puzzle": "eight", "items": [{"start": "12345678X"}]})", 10, &request)
          .ok());
  EXPECT_EQ(request.puzzle(), "eight");
  ASSERT_EQ(request.items_size(), 1);
  EXPECT_EQ(request.items(0).start(), "12345678X");
}

TEST(ParseJsonBodyTest, RefusesTooManyItemsBeforeParsing) {
  puzzleoracle::v2::SolveBatchRequest request;
  std::string body = R"({"items": [{})";
  for (int i = 0; i < 10; ++i) absl::StrAppend(&body, ", {}");
  absl::StrAppend(&body, "], \"not a field\": 1}");  // never reached: the count refuses first
  const absl::Status status = ParseJsonBody(body, 10, &request);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "batch has 11 items; the server's limit is 10 (--max_batch_size)");
}

TEST(ParseJsonBodyTest, NamesTheMessageWhenTheBodyDoesNotParse) {
  puzzleoracle::v2::SolveRequest request;
  const absl::Status status = ParseJsonBody(R"({"start": "1", "bogus": 2})", 10, &request);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StartsWith(status.message(), "request body is not a valid JSON SolveRequest: "))
      << status;
}

}  // namespace
}  // namespace server

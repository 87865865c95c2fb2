#include "server/eight_query_handler.h"

#include "gtest/gtest.h"
#include "server/oracle_server.h"

namespace server {
namespace {

class EightQueryHandlerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto loaded = puzzle::EightTable::Load("data/eight.tbl");
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    table_ = new puzzle::EightTable(*std::move(loaded));
    api::GetTableInfoResponse info;
    *info.add_tables() = DescribeTableFile(table_->file(), "data/eight.tbl", absl::Milliseconds(1));
    info.set_max_batch_size(3);
    handler_ = new EightQueryHandler(table_, info, RequestLimits{3, 1 << 20});
  }
  static void TearDownTestSuite() {
    delete handler_;
    delete table_;
  }
  static puzzle::EightTable* table_;
  static EightQueryHandler* handler_;
};
puzzle::EightTable* EightQueryHandlerTest::table_ = nullptr;
EightQueryHandler* EightQueryHandlerTest::handler_ = nullptr;

TEST_F(EightQueryHandlerTest, SolveAndErrors) {
  api::SolveRequest request;
  request.set_start("564178X23");
  request.set_goal("7568X4123");
  api::SolveResponse response;
  ASSERT_TRUE(handler_->Solve(request, &response).ok());
  EXPECT_TRUE(response.solvable());
  EXPECT_EQ(response.distance(), 8);
  EXPECT_EQ(response.moves(), "urrulldr");

  request.set_goal("");  // default goal
  request.set_start("12345678X");
  ASSERT_TRUE(handler_->Solve(request, &response).ok());
  EXPECT_EQ(response.distance(), 0);

  request.set_start("1234");
  absl::Status s = handler_->Solve(request, &response);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 4");
}

TEST_F(EightQueryHandlerTest, ItemsCarryTheirOwnIdAndStatus) {
  google::protobuf::RepeatedPtrField<api::SolveItem> items;
  auto add = [&](uint64_t id, const char* start, const char* goal) {
    api::SolveItem* item = items.Add();
    item->set_id(id);
    item->set_start(start);
    item->set_goal(goal);
  };
  add(7, "12X453786", "");
  add(8, "12X453786", "12345678Y");
  add(9, "21345678X", "");
  google::protobuf::RepeatedPtrField<api::SolveItemResult> results;
  handler_->SolveItems(items, &results);
  ASSERT_EQ(results.size(), 3);
  EXPECT_EQ(results[0].id(), 7u);
  EXPECT_EQ(results[0].code(), 0);
  EXPECT_EQ(results[0].answer().moves(), "dd");
  EXPECT_EQ(results[1].id(), 8u);
  EXPECT_EQ(results[1].code(), 3);
  EXPECT_EQ(results[1].error(), "goal: symbol 'Y' at position 9; expected 1-8 or X");
  EXPECT_FALSE(results[1].has_answer());
  EXPECT_EQ(results[2].id(), 9u);
  EXPECT_EQ(results[2].code(), 0);
  EXPECT_FALSE(results[2].answer().solvable());
  EXPECT_EQ(results[2].answer().distance(), -1);
}

TEST_F(EightQueryHandlerTest, BatchLimitAndDescription) {
  EXPECT_TRUE(handler_->CheckBatchSize(3).ok());
  absl::Status s = handler_->CheckBatchSize(4);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "batch has 4 items; the server's limit is 3 (--max_batch_size)");
  api::GetTableInfoResponse info;
  handler_->DescribeTables(&info);
  ASSERT_EQ(info.tables_size(), 1);
  EXPECT_EQ(info.tables(0).puzzle_kind(), "eight");
  EXPECT_EQ(info.tables(0).format_version(), 1u);
  EXPECT_EQ(info.tables(0).entry_count(), 1632960u);
  EXPECT_EQ(info.tables(0).raw_size(), 408240u);
  EXPECT_EQ(info.tables(0).payload_checksum().size(), 16u);
  EXPECT_NE(info.tables(0).build_metadata().find("zstd_level=19"), std::string::npos);
  EXPECT_EQ(info.max_batch_size(), 3u);
}

}  // namespace
}  // namespace server

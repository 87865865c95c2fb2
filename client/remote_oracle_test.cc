// RemoteOracle against a fake PuzzleOracle service in this process: how it chunks, what it sends,
// and how it reports a server that answers wrongly or not at all. (Against the real server:
// tests/puzzle_transports_test.cc and tests/server_e2e_test.cc.)
#include "client/remote_oracle.h"

#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace client {
namespace {

namespace v2 = ::puzzleoracle::v2;

// Answers every item with distance = its start's length and moves = its start, and records the
// batches it was sent. `max_batch_size` is what GetTableInfo reports.
class FakeOracle final : public v2::PuzzleOracle::Service {
 public:
  explicit FakeOracle(uint32_t max_batch_size) : max_batch_size_(max_batch_size) {}

  grpc::Status GetTableInfo(grpc::ServerContext*, const v2::GetTableInfoRequest*,
                            v2::GetTableInfoResponse* response) override {
    std::lock_guard<std::mutex> lock(mu_);
    ++table_info_calls_;
    response->set_max_batch_size(max_batch_size_);
    return grpc::Status::OK;
  }

  grpc::Status SolveBatch(grpc::ServerContext*, const v2::SolveBatchRequest* request,
                          v2::SolveBatchResponse* response) override {
    std::lock_guard<std::mutex> lock(mu_);
    batches_.push_back(*request);
    if (!error_.ok()) return error_;
    for (int i = 0; i < request->items_size(); ++i) {
      const v2::SolveItem& item = request->items(i);
      v2::SolveItemResult* r = response->add_results();
      r->set_id(item.id() + (shift_ids_ ? 1 : 0));
      if (item.start() == "bad") {
        r->set_code(3);
        r->set_error("start: bad board");
        continue;
      }
      r->mutable_answer()->set_solvable(true);
      r->mutable_answer()->set_distance(static_cast<int32_t>(item.start().size()));
      r->mutable_answer()->set_moves(item.start());
    }
    if (drop_last_ && response->results_size() > 0) response->mutable_results()->RemoveLast();
    return grpc::Status::OK;
  }

  std::vector<v2::SolveBatchRequest> batches() {
    std::lock_guard<std::mutex> lock(mu_);
    return batches_;
  }
  int table_info_calls() {
    std::lock_guard<std::mutex> lock(mu_);
    return table_info_calls_;
  }
  void FailWith(grpc::Status error) { error_ = std::move(error); }
  void ShiftIds() { shift_ids_ = true; }
  void DropLast() { drop_last_ = true; }

 private:
  const uint32_t max_batch_size_;
  std::mutex mu_;
  std::vector<v2::SolveBatchRequest> batches_;
  int table_info_calls_ = 0;
  grpc::Status error_ = grpc::Status::OK;
  bool shift_ids_ = false;
  bool drop_last_ = false;
};

class RemoteOracleTest : public testing::Test {
 protected:
  void Serve(uint32_t max_batch_size) {
    if (server_ != nullptr) server_->Shutdown();
    server_.reset();
    fake_ = std::make_unique<FakeOracle>(max_batch_size);
    grpc::ServerBuilder builder;
    builder.RegisterService(fake_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
  }
  std::unique_ptr<RemoteOracle> Oracle(int chunk_size = 0) {
    return std::make_unique<RemoteOracle>(server_->InProcessChannel(grpc::ChannelArguments()),
                                          "eight", absl::Seconds(10), chunk_size);
  }
  static std::vector<puzzle::QueryText> Queries(int n) {
    std::vector<puzzle::QueryText> queries;
    for (int i = 0; i < n; ++i) queries.push_back({std::string(i + 1, 'a'), "goal"});
    return queries;
  }

  std::unique_ptr<FakeOracle> fake_;
  std::unique_ptr<grpc::Server> server_;
};

TEST_F(RemoteOracleTest, ChunksToTheServersBatchLimitAndKeepsTheOrder) {
  Serve(3);
  auto oracle = Oracle();
  auto results = oracle->SolveMany(Queries(7));
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 7u);
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE((*results)[i].status.ok()) << i << ": " << (*results)[i].status;
    EXPECT_EQ((*results)[i].answer.distance, i + 1);
    EXPECT_EQ((*results)[i].answer.moves, std::string(i + 1, 'a'));
  }
  const std::vector<v2::SolveBatchRequest> batches = fake_->batches();
  ASSERT_EQ(batches.size(), 3u);
  EXPECT_EQ(batches[0].items_size(), 3);
  EXPECT_EQ(batches[1].items_size(), 3);
  EXPECT_EQ(batches[2].items_size(), 1);
  EXPECT_EQ(batches[0].puzzle(), "eight");
  EXPECT_EQ(batches[2].items(0).id(), 6u);
  EXPECT_EQ(batches[2].items(0).goal(), "goal");
  // The limit is asked once, not per call.
  ASSERT_TRUE(oracle->SolveMany(Queries(2)).ok());
  EXPECT_EQ(fake_->table_info_calls(), 1);
}

TEST_F(RemoteOracleTest, ALargeServerLimitIsCappedAndAnExplicitChunkSizeIsKept) {
  Serve(10000);
  ASSERT_TRUE(Oracle()->SolveMany(Queries(RemoteOracle::kMaxChunkSize + 1)).ok());
  ASSERT_EQ(fake_->batches().size(), 2u);
  EXPECT_EQ(fake_->batches()[0].items_size(), RemoteOracle::kMaxChunkSize);
  ASSERT_TRUE(Oracle(2)->SolveMany(Queries(3)).ok());
  EXPECT_EQ(fake_->batches().size(), 4u);
  EXPECT_EQ(fake_->table_info_calls(), 1);  // the explicit size asks nothing
}

TEST_F(RemoteOracleTest, ItemErrorsAndNonUtf8QueriesFailOnlyTheirOwnItem) {
  Serve(100);
  std::vector<puzzle::QueryText> queries = {{"a", ""}, {"bad", ""}, {"ok\xff", ""}, {"b", "\xc3"}};
  auto results = Oracle()->SolveMany(queries);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_TRUE((*results)[0].status.ok());
  EXPECT_EQ((*results)[1].status, absl::InvalidArgumentError("start: bad board"));
  EXPECT_EQ((*results)[2].status, absl::InvalidArgumentError("start: not valid UTF-8 (byte 3)"));
  EXPECT_EQ((*results)[3].status, absl::InvalidArgumentError("goal: not valid UTF-8 (byte 1)"));
  ASSERT_EQ(fake_->batches().size(), 1u);
  EXPECT_EQ(fake_->batches()[0].items_size(), 2);  // the non-UTF-8 ones were never sent
}

TEST_F(RemoteOracleTest, OnlyNonUtf8QueriesSendNothing) {
  Serve(100);
  auto results = Oracle()->SolveMany({{"\xff", ""}});
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ((*results)[0].status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(fake_->table_info_calls(), 0);
  EXPECT_TRUE(fake_->batches().empty());
}

TEST_F(RemoteOracleTest, AnRpcErrorIsNamed) {
  Serve(100);
  fake_->FailWith(grpc::Status(grpc::StatusCode::NOT_FOUND, "no puzzle 'x'"));
  auto results = Oracle()->SolveMany(Queries(1));
  EXPECT_EQ(results.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(results.status().message(), "SolveBatch: no puzzle 'x'");
}

TEST_F(RemoteOracleTest, AServerThatAnswersOtherItemsIsAnInternalError) {
  Serve(100);
  fake_->ShiftIds();
  auto shifted = Oracle()->SolveMany(Queries(2));
  EXPECT_EQ(shifted.status(), absl::InternalError("SolveBatch: result 0 has id 1, expected 0"));
  Serve(100);
  fake_->DropLast();
  auto short_answer = Oracle()->SolveMany(Queries(2));
  EXPECT_EQ(short_answer.status(),
            absl::InternalError("SolveBatch: server returned 1 results for 2 items"));
}

TEST_F(RemoteOracleTest, NoServerIsUnavailableFromGetTableInfo) {
  RemoteOracle oracle(MakeChannel("unix:/nonexistent/oracle.sock", 1 << 20), "eight",
                      absl::Seconds(2));
  auto results = oracle.SolveMany({{"a", ""}});
  EXPECT_EQ(results.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_TRUE(absl::StartsWith(results.status().message(), "GetTableInfo: ")) << results.status();
}

}  // namespace
}  // namespace client

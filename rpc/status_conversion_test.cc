#include "rpc/status_conversion.h"

#include "gtest/gtest.h"

namespace rpc {
namespace {

TEST(StatusConversionTest, KeepsCodeAndMessage) {
  EXPECT_TRUE(ToGrpcStatus(absl::OkStatus()).ok());
  const grpc::Status s = ToGrpcStatus(absl::InvalidArgumentError("start: empty board"));
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(), "start: empty board");
  EXPECT_EQ(ToGrpcStatus(absl::DataLossError("x")).error_code(), grpc::StatusCode::DATA_LOSS);
  EXPECT_EQ(ToGrpcStatus(absl::ResourceExhaustedError("x")).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(ToGrpcStatus(absl::UnavailableError("x")).error_code(), grpc::StatusCode::UNAVAILABLE);
}

TEST(StatusConversionTest, FromGrpcPrefixesTheContext) {
  EXPECT_TRUE(FromGrpcStatus(grpc::Status::OK, "Solve").ok());
  const absl::Status s =
      FromGrpcStatus(grpc::Status(grpc::StatusCode::UNAVAILABLE, "connection refused"), "Solve");
  EXPECT_EQ(s, absl::UnavailableError("Solve: connection refused"));
}

// Stands in for the API's item result messages (code, error, answer).
struct FakeItemResult {
  int code_ = 0;
  std::string error_;
  bool has_answer_ = true;
  int code() const { return code_; }
  const std::string& error() const { return error_; }
  void set_code(int c) { code_ = c; }
  void set_error(std::string e) { error_ = std::move(e); }
  void clear_answer() { has_answer_ = false; }
};

TEST(StatusConversionTest, ItemErrorsRoundTrip) {
  FakeItemResult result;
  EXPECT_TRUE(ItemStatus(result).ok());
  const absl::Status error = absl::InvalidArgumentError("start: symbol 'Y' at position 4");
  SetItemError(error, &result);
  EXPECT_EQ(result.code(), 3);
  EXPECT_FALSE(result.has_answer_);
  EXPECT_EQ(ItemStatus(result), error);
}

}  // namespace
}  // namespace rpc

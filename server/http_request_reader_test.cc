// AppendBody's bounds without libmicrohttpd (ReadHeaders reads a libmicrohttpd connection; its
// Content-Length checks are tested through the server in http_server_test).
#include "server/http_request_reader.h"

#include <memory>
#include <string>

#include "gtest/gtest.h"

namespace server {
namespace http_internal {
namespace {

std::shared_ptr<Config> ConfigWith(size_t max_body, size_t max_buffered) {
  HttpServerOptions options;
  options.max_body_bytes = max_body;
  options.max_buffered_body_bytes = max_buffered;
  return std::make_shared<Config>(std::move(options), nullptr, nullptr);
}

std::shared_ptr<Exchange> NewExchange(const std::shared_ptr<Config>& config) {
  static std::atomic<bool> closing{false};
  return std::make_shared<Exchange>(config, &closing, nullptr, nullptr);
}

TEST(AppendBodyTest, ABodyUpToTheLimitArrivesWholeAndIsReserved) {
  auto config = ConfigWith(10, 100);
  std::shared_ptr<Exchange> ex = NewExchange(config);
  EXPECT_EQ(AppendBody(*ex, "hello", 5).http_status, 0);
  EXPECT_EQ(AppendBody(*ex, "world", 5).http_status, 0);
  EXPECT_EQ(ex->request.body, "helloworld");
  EXPECT_EQ(config->budget.used(), 10u);
  ex.reset();  // the exchange returns its reservation
  EXPECT_EQ(config->budget.used(), 0u);
}

TEST(AppendBodyTest, OneByteOverTheLimitIs413AndAppendsNothing) {
  auto config = ConfigWith(10, 100);
  std::shared_ptr<Exchange> ex = NewExchange(config);
  ASSERT_EQ(AppendBody(*ex, "0123456789", 10).http_status, 0);
  const BodyRefusal refused = AppendBody(*ex, "x", 1);
  EXPECT_EQ(refused.http_status, 413);
  EXPECT_EQ(refused.error,
            absl::ResourceExhaustedError("request body exceeds the server's limit of 10 bytes"));
  EXPECT_EQ(ex->request.body, "0123456789");
}

TEST(AppendBodyTest, ABodyTheSharedBudgetCannotHoldIs503) {
  auto config = ConfigWith(100, 150);
  std::shared_ptr<Exchange> first = NewExchange(config);
  std::shared_ptr<Exchange> second = NewExchange(config);
  ASSERT_EQ(AppendBody(*first, std::string(100, 'a').data(), 100).http_status, 0);
  ASSERT_EQ(AppendBody(*second, std::string(50, 'b').data(), 50).http_status, 0);
  const BodyRefusal refused = AppendBody(*second, "c", 1);
  EXPECT_EQ(refused.http_status, 503);
  EXPECT_EQ(refused.error, absl::UnavailableError(
                               "the server is receiving too many request bodies at once (150 of "
                               "150 bytes buffered); retry later"));
  first.reset();
  EXPECT_EQ(AppendBody(*second, "c", 1).http_status, 0);
  EXPECT_EQ(config->budget.used(), 51u);
}

TEST(AppendBodyTest, ADeclaredLengthAlreadyReservedIsNotReservedTwice) {
  auto config = ConfigWith(100, 100);
  std::shared_ptr<Exchange> ex = NewExchange(config);
  ASSERT_TRUE(config->budget.TryReserve(60));  // as ReadHeaders does for Content-Length: 60
  ex->body_reserved = 60;
  ASSERT_EQ(AppendBody(*ex, std::string(60, 'a').data(), 60).http_status, 0);
  EXPECT_EQ(config->budget.used(), 60u);
}

}  // namespace
}  // namespace http_internal
}  // namespace server

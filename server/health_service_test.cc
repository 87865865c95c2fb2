// HealthService through a real gRPC server on loopback and its generated client stub.
#include "server/health_service.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/ext/health_check_service_server_builder_option.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"

namespace server {
namespace {

using grpc::health::v1::Health;
using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

class HealthServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto health = std::make_unique<HealthService>();
    health_ = health.get();
    grpc::EnableDefaultHealthCheckService(false);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(health_);
    builder.SetOption(
        std::make_unique<grpc::HealthCheckServiceServerBuilderOption>(std::move(health)));
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    stub_ = Health::NewStub(
        grpc::CreateChannel(absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    if (server_ != nullptr) server_->Shutdown(std::chrono::system_clock::now());
  }

  grpc::Status Check(const std::string& name, HealthCheckResponse* response) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    HealthCheckRequest request;
    request.set_service(name);
    return stub_->Check(&context, request, response);
  }

  // Waits (30 s at most) until `n` Watch streams are open on the server.
  bool WatchersOpen(size_t n) {
    const absl::Time deadline = absl::Now() + absl::Seconds(30);
    while (health_->watchers() != n) {
      if (absl::Now() > deadline) return false;
      absl::SleepFor(absl::Milliseconds(2));
    }
    return true;
  }

  HealthService* health_ = nullptr;  // owned by server_
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<Health::Stub> stub_;
};

TEST_F(HealthServiceTest, CheckAnswersKnownNamesAndNotFoundForOthers) {
  HealthCheckResponse response;
  ASSERT_TRUE(Check("", &response).ok());  // the whole server is SERVING from the start
  EXPECT_EQ(response.status(), HealthCheckResponse::SERVING);
  grpc::Status unknown = Check("a.B", &response);
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(unknown.error_message(), "service name unknown");
  health_->SetServingStatus("a.B", false);
  ASSERT_TRUE(Check("a.B", &response).ok());
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
  health_->SetServingStatus(true);  // every known name
  ASSERT_TRUE(Check("a.B", &response).ok());
  EXPECT_EQ(response.status(), HealthCheckResponse::SERVING);
}

TEST_F(HealthServiceTest, WatchSendsTheStatusThenEachChangeAndEndsAtShutdown) {
  grpc::ClientContext context;
  HealthCheckRequest request;
  request.set_service("p");
  std::unique_ptr<grpc::ClientReader<HealthCheckResponse>> reader = stub_->Watch(&context, request);
  HealthCheckResponse response;
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::SERVICE_UNKNOWN);
  health_->SetServingStatus("p", true);
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::SERVING);
  health_->SetServingStatus("other", false);  // not watched here
  health_->SetServingStatus("p", false);
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
  health_->SetServingStatus("p", true);
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::SERVING);

  health_->Shutdown();
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
  EXPECT_FALSE(reader->Read(&response));
  const grpc::Status end = reader->Finish();
  EXPECT_EQ(end.error_code(), grpc::StatusCode::UNAVAILABLE);
  EXPECT_EQ(end.error_message(), "server shutting down");
  EXPECT_TRUE(WatchersOpen(0));
  // After shutdown every status is NOT_SERVING, and changes are ignored.
  health_->SetServingStatus("p", true);
  ASSERT_TRUE(Check("p", &response).ok());
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
}

TEST_F(HealthServiceTest, AWatchStartedAfterShutdownEndsAtOnce) {
  health_->Shutdown();
  grpc::ClientContext context;
  HealthCheckRequest request;
  std::unique_ptr<grpc::ClientReader<HealthCheckResponse>> reader = stub_->Watch(&context, request);
  HealthCheckResponse response;
  ASSERT_TRUE(reader->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
  EXPECT_FALSE(reader->Read(&response));
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
}

// With watchers open and nothing else, the server's Shutdown returns at once once the health
// service has shut down, instead of waiting for its deadline.
TEST_F(HealthServiceTest, OpenWatchesDoNotHoldTheServersShutdown) {
  std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
  std::vector<std::unique_ptr<grpc::ClientReader<HealthCheckResponse>>> readers;
  for (int i = 0; i < 5; ++i) {
    contexts.push_back(std::make_unique<grpc::ClientContext>());
    readers.push_back(stub_->Watch(contexts.back().get(), HealthCheckRequest()));
    HealthCheckResponse response;
    ASSERT_TRUE(readers.back()->Read(&response));
  }
  ASSERT_TRUE(WatchersOpen(5));
  health_->Shutdown();
  ASSERT_TRUE(WatchersOpen(0));
  // Nothing is open: an hour's deadline is not waited for (the test would time out).
  server_->Shutdown(std::chrono::system_clock::now() + std::chrono::hours(1));
  server_->Wait();
  for (auto& reader : readers) {
    HealthCheckResponse response;
    while (reader->Read(&response)) {
    }
    EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
  }
}

TEST_F(HealthServiceTest, AWatcherThatLeavesIsRemoved) {
  {
    grpc::ClientContext context;
    std::unique_ptr<grpc::ClientReader<HealthCheckResponse>> reader =
        stub_->Watch(&context, HealthCheckRequest());
    HealthCheckResponse response;
    ASSERT_TRUE(reader->Read(&response));
    ASSERT_TRUE(WatchersOpen(1));
    context.TryCancel();
  }
  EXPECT_TRUE(WatchersOpen(0));
  health_->SetServingStatus(false);  // no watcher left to write to
}

}  // namespace
}  // namespace server

// The exchange's answer side without libmicrohttpd: an Exchange that is never suspended needs
// no connection, so the responder's and the event stream's contracts are checked directly.
#include "server/http_exchange.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace server {
namespace http_internal {
namespace {

class ExchangeTest : public ::testing::Test {
 protected:
  explicit ExchangeTest(std::string shutdown_event = "event: error\ndata: bye\n\n") {
    HttpServerOptions options;
    options.max_event_stream_buffer_bytes = 100;
    options.event_stream_shutdown_event = std::move(shutdown_event);
    options.error_response = [](int status, const absl::Status& error) {
      return HttpResponse{status, "text/plain", absl::StrCat("error: ", error.message()), {}};
    };
    config_ = std::make_shared<Config>(std::move(options), nullptr, nullptr);
    exchange_ = std::make_shared<Exchange>(config_, &closing_, nullptr, nullptr);
  }

  // What the connection would send next: all the queued event bytes.
  std::string TakeEvents() {
    std::lock_guard<std::mutex> lock(exchange_->mu);
    char buffer[1000];
    return std::string(buffer, TakeEventBytesLocked(*exchange_, buffer, sizeof(buffer)));
  }
  // The client leaves (as the disconnect watch or the janitor reports it).
  void ClientLeaves() {
    std::function<void()> gone;
    {
      std::lock_guard<std::mutex> lock(exchange_->mu);
      gone = exchange_->ClientGoneLocked();
    }
    if (gone) gone();
  }
  std::optional<HttpResponse> Response() {
    std::lock_guard<std::mutex> lock(exchange_->mu);
    return exchange_->response;
  }

  std::atomic<bool> closing_{false};
  std::shared_ptr<Config> config_;
  std::shared_ptr<Exchange> exchange_;
};

TEST_F(ExchangeTest, OnlyTheFirstAnswerCounts) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  responder->Send({200, "text/plain", "first", {}});
  responder->Send({200, "text/plain", "second", {}});
  ASSERT_TRUE(Response().has_value());
  EXPECT_EQ(Response()->body, "first");
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream(nullptr);
  EXPECT_FALSE(stream->Write("data: x\n\n"));  // after an answer: an ended stream
}

TEST_F(ExchangeTest, ADroppedResponderAnswers500) {
  NewResponder(exchange_).reset();
  ASSERT_TRUE(Response().has_value());
  EXPECT_EQ(Response()->status, 500);
  EXPECT_EQ(Response()->body,
            "error: the request handler dropped the request without answering it");
}

TEST_F(ExchangeTest, OnClientGoneRunsOnceWhenTheClientLeavesBeforeTheAnswer) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int calls = 0;
  responder->OnClientGone([&] { ++calls; });
  EXPECT_EQ(calls, 0);
  ClientLeaves();
  EXPECT_EQ(calls, 1);
  ClientLeaves();
  EXPECT_EQ(calls, 1);
  // Registered after the client left: it runs at once.
  int late = 0;
  responder->OnClientGone([&] { ++late; });
  EXPECT_EQ(late, 1);
}

TEST_F(ExchangeTest, OnClientGoneNeverRunsAfterAnAnswer) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int calls = 0;
  responder->OnClientGone([&] { ++calls; });
  responder->Send({200, "text/plain", "done", {}});
  ClientLeaves();
  responder->OnClientGone([&] { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST_F(ExchangeTest, ASecondOnClientGoneReplacesTheFirst) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int first = 0, second = 0;
  responder->OnClientGone([&] { ++first; });
  responder->OnClientGone([&] { ++second; });
  ClientLeaves();
  EXPECT_EQ(first, 0);
  EXPECT_EQ(second, 1);
}

TEST_F(ExchangeTest, EventsAreSentInOrderAndNothingAfterClose) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int on_close = 0;
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream([&] { ++on_close; });
  EXPECT_TRUE(stream->Write("data: 1\n\n"));
  EXPECT_TRUE(stream->Write("data: 2\n\n"));
  EXPECT_EQ(TakeEvents(), "data: 1\n\ndata: 2\n\n");
  EXPECT_TRUE(stream->Write("data: 3\n\n"));
  stream->Close();
  stream->Close();  // idempotent
  EXPECT_FALSE(stream->Write("data: 4\n\n"));
  EXPECT_EQ(TakeEvents(), "data: 3\n\n");
  ClientLeaves();  // after Close, on_close never runs
  EXPECT_EQ(on_close, 0);
}

TEST_F(ExchangeTest, AnEventIsSentInPiecesWhenTheBufferIsSmall) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream(nullptr);
  ASSERT_TRUE(stream->Write("data: abcdef\n\n"));
  std::string sent;
  for (int i = 0; i < 10; ++i) {
    std::lock_guard<std::mutex> lock(exchange_->mu);
    char buffer[4];
    sent.append(buffer, TakeEventBytesLocked(*exchange_, buffer, sizeof(buffer)));
  }
  EXPECT_EQ(sent, "data: abcdef\n\n");
}

TEST_F(ExchangeTest, AClientTooFarBehindIsDisconnectedAndOnCloseRunsOnce) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int on_close = 0;
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream([&] { ++on_close; });
  const std::string event(40, 'e');
  EXPECT_TRUE(stream->Write(event));
  EXPECT_TRUE(stream->Write(event));   // 80 of 100 bytes queued
  EXPECT_FALSE(stream->Write(event));  // 120: too far behind
  EXPECT_EQ(on_close, 1);
  EXPECT_FALSE(stream->Write("x"));
  ClientLeaves();
  EXPECT_EQ(on_close, 1);
  std::lock_guard<std::mutex> lock(exchange_->mu);
  EXPECT_TRUE(exchange_->client_gone);
}

TEST_F(ExchangeTest, AStreamStartedAfterTheClientLeftRunsOnCloseAtOnce) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  int gone = 0, on_close = 0;
  responder->OnClientGone([&] { ++gone; });
  ClientLeaves();
  EXPECT_EQ(gone, 1);
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream([&] { ++on_close; });
  EXPECT_EQ(on_close, 1);
  EXPECT_FALSE(stream->Write("data: x\n\n"));
}

TEST_F(ExchangeTest, AStreamTheServerEndsGetsTheShutdownEventLast) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream(nullptr);
  EXPECT_TRUE(stream->Write("data: progress\n\n"));
  closing_.store(true);
  EXPECT_EQ(TakeEvents(), "data: progress\n\nevent: error\ndata: bye\n\n");
  EXPECT_FALSE(stream->Write("data: answer\n\n"));  // nothing after the last event
  EXPECT_EQ(TakeEvents(), "");
  std::lock_guard<std::mutex> lock(exchange_->mu);
  EXPECT_TRUE(exchange_->stream_ended);
}

TEST_F(ExchangeTest, AClosedStreamGetsNoShutdownEvent) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream(nullptr);
  EXPECT_TRUE(stream->Write("data: answer\n\n"));
  stream->Close();
  closing_.store(true);
  EXPECT_EQ(TakeEvents(), "data: answer\n\n");
}

class ExchangeWithoutShutdownEventTest : public ExchangeTest {
 protected:
  ExchangeWithoutShutdownEventTest() : ExchangeTest("") {}
};

TEST_F(ExchangeWithoutShutdownEventTest, AnEmptyShutdownEventSendsNone) {
  std::unique_ptr<HttpResponder> responder = NewResponder(exchange_);
  std::shared_ptr<HttpEventStream> stream = responder->StartEventStream(nullptr);
  closing_.store(true);
  EXPECT_EQ(TakeEvents(), "");
  EXPECT_FALSE(stream->Write("data: late\n\n"));
}

}  // namespace
}  // namespace http_internal
}  // namespace server

#include "server/http_exchange.h"

#include <microhttpd.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace server {
namespace http_internal {
namespace {

class EventStream final : public HttpEventStream {
 public:
  // `exchange` null: an ended stream (the responder had answered already).
  explicit EventStream(std::shared_ptr<Exchange> exchange) : exchange_(std::move(exchange)) {}

  bool Write(std::string event_text) override {
    if (exchange_ == nullptr) return false;
    Exchange& ex = *exchange_;
    std::function<void()> gone;
    {
      std::lock_guard<std::mutex> lock(ex.mu);
      if (ex.StreamOverLocked()) return false;
      if (ex.queued_bytes + event_text.size() <= ex.config->options.max_event_stream_buffer_bytes) {
        ex.queued_bytes += event_text.size();
        ex.events.push_back(std::move(event_text));
        ex.last_event_write = absl::Now();
        ex.ResumeLocked();
        return true;
      }
      gone = ex.ClientGoneLocked();  // too far behind: disconnect it
    }
    if (gone) gone();
    return false;
  }

  void Close() override {
    if (exchange_ == nullptr) return;
    std::function<void()> dropped;  // on_close never runs after Close; destroyed unlocked
    std::lock_guard<std::mutex> lock(exchange_->mu);
    if (exchange_->stream_closed) return;
    exchange_->stream_closed = true;
    dropped = std::move(exchange_->on_close);
    exchange_->ResumeLocked();
  }

 private:
  const std::shared_ptr<Exchange> exchange_;
};

class Responder final : public HttpResponder {
 public:
  explicit Responder(std::shared_ptr<Exchange> exchange) : exchange_(std::move(exchange)) {}

  ~Responder() override {
    bool answered;
    {
      std::lock_guard<std::mutex> lock(exchange_->mu);
      answered = exchange_->answered;
    }
    if (!answered) {
      exchange_->Answer(exchange_->config->ErrorResponse(
          500,
          absl::InternalError("the request handler dropped the request without answering it")));
    }
  }

  const HttpRequest& request() const override { return exchange_->request; }

  void Send(HttpResponse response) override { exchange_->Answer(std::move(response)); }

  void OnClientGone(std::function<void()> on_gone) override {
    Exchange& ex = *exchange_;
    {
      std::lock_guard<std::mutex> lock(ex.mu);
      if (ex.answered) return;  // never after an answer
      if (!ex.finished && !ex.client_gone) {
        ex.on_gone = std::move(on_gone);
        return;
      }
    }
    if (on_gone) on_gone();  // the client left already
  }

  std::shared_ptr<HttpEventStream> StartEventStream(std::function<void()> on_close) override {
    Exchange& ex = *exchange_;
    std::function<void()> dropped;  // destroyed without the lock
    {
      std::lock_guard<std::mutex> lock(ex.mu);
      if (ex.answered) return std::make_shared<EventStream>(nullptr);
      ex.answered = true;
      dropped = std::move(ex.on_gone);
      if (!ex.finished && !ex.client_gone) {
        ex.streaming = true;
        ex.on_close = std::move(on_close);
        ex.last_event_write = absl::Now();
        ex.ResumeLocked();
        return std::make_shared<EventStream>(exchange_);
      }
    }
    // The client left before the stream started.
    if (on_close) on_close();
    return std::make_shared<EventStream>(nullptr);
  }

 private:
  const std::shared_ptr<Exchange> exchange_;
};

}  // namespace

HttpResponse Config::ErrorResponse(int status, const absl::Status& error) const {
  if (options.error_response) return options.error_response(status, error);
  HttpResponse response;
  response.status = status;
  response.content_type = "text/plain; charset=utf-8";
  response.body = absl::StrCat(error.message(), "\n");
  return response;
}

void Exchange::SuspendLocked() {
  suspended = true;
  MHD_suspend_connection(connection);
  // Not watched (the janitor's sweep still notices the client leaving) if the watch is full.
  if (config->watch != nullptr && conn != nullptr && conn->fd >= 0) {
    watched = config->watch->Watch(conn->fd, watch_key());
  }
}

void Exchange::ResumeLocked() {
  if (!suspended) return;
  suspended = false;
  if (watched) {
    config->watch->Unwatch(conn->fd);
    watched = false;
  }
  MHD_resume_connection(connection);
}

bool Exchange::Answer(HttpResponse reply) {
  std::function<void()> dropped;  // destroyed without the lock
  std::lock_guard<std::mutex> lock(mu);
  dropped = std::move(on_gone);
  if (answered || finished) {
    answered = true;
    return false;
  }
  answered = true;
  response = std::move(reply);
  ResumeLocked();
  return true;
}

std::function<void()> Exchange::ClientGoneLocked() {
  client_gone = true;
  ResumeLocked();
  if (streaming && !stream_closed) return std::move(on_close);
  if (!answered) return std::move(on_gone);
  return nullptr;
}

size_t TakeEventBytesLocked(Exchange& ex, char* buffer, size_t max) {
  if (ex.closing->load(std::memory_order_acquire) && !ex.stream_closed && !ex.stream_ended) {
    ex.stream_ended = true;  // Write refuses from here on, so this event is the last
    const std::string& last = ex.config->options.event_stream_shutdown_event;
    if (!last.empty()) {
      ex.events.push_back(last);
      ex.queued_bytes += last.size();
    }
  }
  size_t n = 0;
  while (n < max && !ex.events.empty()) {
    const std::string& front = ex.events.front();
    const size_t take = std::min(max - n, front.size() - ex.event_offset);
    memcpy(buffer + n, front.data() + ex.event_offset, take);
    n += take;
    ex.event_offset += take;
    if (ex.event_offset == front.size()) {
      ex.events.pop_front();
      ex.event_offset = 0;
    }
  }
  ex.queued_bytes -= n;
  return n;
}

std::unique_ptr<HttpResponder> NewResponder(std::shared_ptr<Exchange> exchange) {
  return std::make_unique<Responder>(std::move(exchange));
}

}  // namespace http_internal
}  // namespace server

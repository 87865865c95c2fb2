// The SolveStream call of every puzzle service: a bidirectional stream whose request messages
// each carry a batch of items, answered one response message per request, in order.
//
// Reads and writes run concurrently (gRPC allows one of each in flight): the reactor keeps
// reading while earlier responses are being written, up to kMaxPendingResponses, then stops
// reading until the client catches up, so a slow reader cannot make the server buffer without
// bound. A request over the batch limit ends the stream with the handler's status after the
// earlier responses are written; a failed write (a cancelled call) ends it CANCELLED.
//
// Handler requirements (EightQueryHandler, RotationQueryHandler):
//   absl::Status CheckBatchSize(int items) const;
//   void SolveItems(const RepeatedPtrField<Item>&, RepeatedPtrField<Result>*) const;
// and Request/Response have repeated `items` / `results` fields.
//
// Thread-safety: gRPC invokes OnReadDone and OnWriteDone concurrently; mu_ guards shared state.
// mu_ is a std::mutex rather than absl::Mutex so that ThreadSanitizer sees it: Debian's Abseil is
// not instrumented, and its locks are invisible to --config=tsan.

#ifndef SERVER_BATCH_STREAM_REACTOR_H_
#define SERVER_BATCH_STREAM_REACTOR_H_

#include <deque>
#include <memory>
#include <mutex>

#include <grpcpp/support/server_callback.h>

#include "absl/status/status.h"
#include "server/status_conversion.h"

namespace server {

template <typename Request, typename Response, typename Handler>
class BatchStreamReactor final : public grpc::ServerBidiReactor<Request, Response> {
 public:
  static constexpr size_t kMaxPendingResponses = 8;

  // REQUIRES: `handler` outlives the call. Deletes itself when the call is done.
  explicit BatchStreamReactor(const Handler* handler) : handler_(handler) {
    // The first reaction may run on another thread; gRPC orders it after this constructor, and
    // the lock makes that ordering visible to ThreadSanitizer too.
    { std::lock_guard<std::mutex> lock(mu_); }
    this->StartRead(&request_);
  }

  void OnReadDone(bool ok) override {
    { std::lock_guard<std::mutex> lock(mu_); }  // see the constructor
    if (!ok) {  // the client finished writing, or the call is gone
      EndReads(absl::OkStatus());
      return;
    }
    const absl::Status size = handler_->CheckBatchSize(request_.items_size());
    if (!size.ok()) {
      EndReads(size);
      return;
    }
    auto response = std::make_unique<Response>();
    handler_->SolveItems(request_.items(), response->mutable_results());
    const Response* to_write = nullptr;
    bool read_more;
    {
      std::lock_guard<std::mutex> lock(mu_);
      pending_.push_back(std::move(response));
      if (!writing_) {
        writing_ = true;
        to_write = pending_.front().get();
      }
      read_more = pending_.size() < kMaxPendingResponses;
      read_paused_ = !read_more;
    }
    if (to_write != nullptr) this->StartWrite(to_write);
    if (read_more) this->StartRead(&request_);
  }

  void OnWriteDone(bool ok) override {
    const Response* to_write = nullptr;
    bool resume_read = false;
    bool finish = false;
    grpc::Status status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      pending_.pop_front();
      writing_ = false;
      if (!ok) {
        // The call is broken (e.g. cancelled): nothing more can be written. A read in flight
        // fails too, which ends the reads.
        broken_ = true;
        pending_.clear();
      }
      if (!pending_.empty()) {
        writing_ = true;
        to_write = pending_.front().get();
      }
      if (read_paused_ && !reads_done_) {
        read_paused_ = false;
        if (broken_) {
          reads_done_ = true;  // no read is in flight and none will start
        } else {
          resume_read = true;
        }
      }
      finish = ShouldFinishLocked(&status);
    }
    if (to_write != nullptr) this->StartWrite(to_write);
    if (resume_read) this->StartRead(&request_);
    if (finish) this->Finish(status);
  }

  void OnDone() override {
    // gRPC calls OnDone after every other reaction has returned; taking the lock makes that
    // ordering visible to ThreadSanitizer too before the state is destroyed.
    { std::lock_guard<std::mutex> lock(mu_); }
    delete this;
  }

 private:
  void EndReads(const absl::Status& status) {
    bool finish;
    grpc::Status final_status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      reads_done_ = true;
      if (!status.ok() && end_status_.ok()) end_status_ = status;
      finish = ShouldFinishLocked(&final_status);
    }
    if (finish) this->Finish(final_status);
  }

  // True exactly once: when no read or write is in flight and none will start.
  // REQUIRES: mu_ held.
  bool ShouldFinishLocked(grpc::Status* status) {
    if (finished_ || !reads_done_ || writing_) return false;
    finished_ = true;
    *status = broken_ ? grpc::Status::CANCELLED : ToGrpcStatus(end_status_);
    return true;
  }

  const Handler* const handler_;
  Request request_;  // reused; only touched by the one read in flight
  std::mutex mu_;  // guards everything below
  std::deque<std::unique_ptr<Response>> pending_;
  bool writing_ = false;
  bool read_paused_ = false;
  bool reads_done_ = false;
  bool broken_ = false;
  bool finished_ = false;
  absl::Status end_status_;
};

}  // namespace server

#endif  // SERVER_BATCH_STREAM_REACTOR_H_

#include "server/eight_service.h"

#include <deque>
#include <memory>

#include "absl/synchronization/mutex.h"
#include "server/status_conversion.h"

namespace server {
namespace {

constexpr size_t kMaxPendingResponses = 8;

grpc::ServerUnaryReactor* FinishNow(grpc::CallbackServerContext* context,
                                    const absl::Status& status) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

// One SolveStream call. Reads and writes run concurrently (gRPC allows one of each in flight);
// mu_ guards the queue of answered-but-unwritten responses and the end-of-call state.
class SolveStreamReactor final
    : public grpc::ServerBidiReactor<api::SolveStreamRequest, api::SolveStreamResponse> {
 public:
  explicit SolveStreamReactor(const EightQueryHandler* handler) : handler_(handler) {
    StartRead(&request_);
  }

  void OnReadDone(bool ok) override {
    if (!ok) {  // the client finished writing, or the call is gone
      EndReads(absl::OkStatus());
      return;
    }
    const absl::Status size = handler_->CheckBatchSize(request_.items_size());
    if (!size.ok()) {
      EndReads(size);
      return;
    }
    auto response = std::make_unique<api::SolveStreamResponse>();
    handler_->SolveItems(request_.items(), response->mutable_results());
    const api::SolveStreamResponse* to_write = nullptr;
    bool read_more;
    {
      absl::MutexLock lock(&mu_);
      pending_.push_back(std::move(response));
      if (!writing_) {
        writing_ = true;
        to_write = pending_.front().get();
      }
      read_more = pending_.size() < kMaxPendingResponses;
      read_paused_ = !read_more;
    }
    if (to_write != nullptr) StartWrite(to_write);
    if (read_more) StartRead(&request_);
  }

  void OnWriteDone(bool ok) override {
    const api::SolveStreamResponse* to_write = nullptr;
    bool resume_read = false;
    bool finish = false;
    grpc::Status status;
    {
      absl::MutexLock lock(&mu_);
      pending_.pop_front();
      writing_ = false;
      if (!ok) {
        // The call is broken (e.g. cancelled): nothing more can be written. A pending read, if
        // any, fails too, which ends the reads.
        broken_ = true;
        pending_.clear();
      }
      if (!pending_.empty()) {
        writing_ = true;
        to_write = pending_.front().get();
      }
      if (read_paused_ && !reads_done_ && !broken_) {
        read_paused_ = false;
        resume_read = true;
      }
      if (broken_ && read_paused_ && !reads_done_) reads_done_ = true;  // no read is in flight
      finish = ShouldFinishLocked(&status);
    }
    if (to_write != nullptr) StartWrite(to_write);
    if (resume_read) StartRead(&request_);
    if (finish) Finish(status);
  }

  void OnDone() override { delete this; }

 private:
  void EndReads(const absl::Status& status) {
    bool finish;
    grpc::Status final_status;
    {
      absl::MutexLock lock(&mu_);
      reads_done_ = true;
      if (!status.ok() && end_status_.ok()) end_status_ = status;
      finish = ShouldFinishLocked(&final_status);
    }
    if (finish) Finish(final_status);
  }

  // True exactly once: when no read or write is in flight and no more will start.
  bool ShouldFinishLocked(grpc::Status* status) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    if (finished_ || !reads_done_ || writing_) return false;
    finished_ = true;
    *status = broken_ ? grpc::Status::CANCELLED : ToGrpcStatus(end_status_);
    return true;
  }

  const EightQueryHandler* const handler_;
  api::SolveStreamRequest request_;  // reused; only touched by the one read in flight
  absl::Mutex mu_;
  std::deque<std::unique_ptr<api::SolveStreamResponse>> pending_ ABSL_GUARDED_BY(mu_);
  bool writing_ ABSL_GUARDED_BY(mu_) = false;
  bool read_paused_ ABSL_GUARDED_BY(mu_) = false;
  bool reads_done_ ABSL_GUARDED_BY(mu_) = false;
  bool broken_ ABSL_GUARDED_BY(mu_) = false;
  bool finished_ ABSL_GUARDED_BY(mu_) = false;
  absl::Status end_status_ ABSL_GUARDED_BY(mu_);
};

}  // namespace

grpc::ServerUnaryReactor* EightService::Solve(grpc::CallbackServerContext* context,
                                              const api::SolveRequest* request,
                                              api::SolveResponse* response) {
  return FinishNow(context, handler_->Solve(*request, response));
}

grpc::ServerUnaryReactor* EightService::SolveBatch(grpc::CallbackServerContext* context,
                                                   const api::SolveBatchRequest* request,
                                                   api::SolveBatchResponse* response) {
  absl::Status status = handler_->CheckBatchSize(request->items_size());
  if (status.ok()) handler_->SolveItems(request->items(), response->mutable_results());
  return FinishNow(context, status);
}

grpc::ServerBidiReactor<api::SolveStreamRequest, api::SolveStreamResponse>*
EightService::SolveStream(grpc::CallbackServerContext* /*context*/) {
  return new SolveStreamReactor(handler_);
}

grpc::ServerUnaryReactor* EightService::GetTableInfo(grpc::CallbackServerContext* context,
                                                     const api::GetTableInfoRequest* /*request*/,
                                                     api::GetTableInfoResponse* response) {
  handler_->DescribeTables(response);
  return FinishNow(context, absl::OkStatus());
}

}  // namespace server

#include "server/solve_executor.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace server {
namespace {
constexpr double kMiB = 1 << 20;
}  // namespace

SolveExecutor::SolveExecutor(int threads, int queue_capacity, int64_t memory_capacity)
    : queue_capacity_(queue_capacity), memory_capacity_(memory_capacity) {
  workers_.reserve(threads);
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

SolveExecutor::~SolveExecutor() { Stop(); }

absl::Status SolveExecutor::Submit(std::function<void()> task, int64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return absl::FailedPreconditionError("the server is shutting down");
    // Counted as tasks accepted and unfinished, not from which workers happen to be waiting, so
    // that a worker still starting up (or about to wake) cannot make a call be refused.
    if (queue_.size() + running_ >= static_cast<size_t>(queue_capacity_) + workers_.size()) {
      return absl::ResourceExhaustedError(
          absl::StrCat("the server is busy: ", running_, " searches running and ", queue_.size(),
                       " waiting (--solve_threads, --solve_queue); retry later"));
    }
    if (bytes_held_ > 0 && bytes_held_ + bytes > memory_capacity_) {
      return absl::ResourceExhaustedError(absl::StrFormat(
          "the server is busy: the requests in flight hold %.1f MiB of its %.0f MiB, and this "
          "one needs %.1f MiB (--request_memory_mib); retry later",
          bytes_held_ / kMiB, memory_capacity_ / kMiB, bytes / kMiB));
    }
    bytes_held_ += bytes;
    queue_.push_back(Task{std::move(task), bytes});
  }
  ready_.notify_one();
  return absl::OkStatus();
}

void SolveExecutor::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
}

int64_t SolveExecutor::bytes_held() const {
  std::lock_guard<std::mutex> lock(mu_);
  return bytes_held_;
}

size_t SolveExecutor::queued() const {
  std::lock_guard<std::mutex> lock(mu_);
  return queue_.size();
}

void SolveExecutor::Work() {
  for (;;) {
    Task task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left to run
      task = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    task.run();
    // The task's bytes are given back once its work is done: its answer has been handed to
    // the transport, and the request is freed with the call.
    std::lock_guard<std::mutex> lock(mu_);
    bytes_held_ -= task.bytes;
    --running_;
  }
}

}  // namespace server

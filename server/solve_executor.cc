#include "server/solve_executor.h"

#include "absl/strings/str_cat.h"

namespace server {

SolveExecutor::SolveExecutor(int threads, int queue_capacity) : queue_capacity_(queue_capacity) {
  workers_.reserve(threads);
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
}

SolveExecutor::~SolveExecutor() { Stop(); }

absl::Status SolveExecutor::Submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) return absl::FailedPreconditionError("the server is shutting down");
    // Idle workers take a task at once, so they do not count against the waiting room.
    if (queue_.size() >= static_cast<size_t>(queue_capacity_) + idle_) {
      return absl::ResourceExhaustedError(
          absl::StrCat("the server is busy: ", workers_.size(), " searches running and ",
                       queue_.size(), " waiting (--solve_threads, --solve_queue); retry later"));
    }
    queue_.push_back(std::move(task));
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

size_t SolveExecutor::queued() const {
  std::lock_guard<std::mutex> lock(mu_);
  return queue_.size();
}

void SolveExecutor::Work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      ++idle_;
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      --idle_;
      if (queue_.empty()) return;  // stopping, and nothing left to run
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    task();
  }
}

}  // namespace server

#include "server/call_tracker.h"

namespace server {

void CallTracker::Begin() {
  std::lock_guard<std::mutex> lock(mu_);
  ++in_progress_;
}

void CallTracker::End() {
  std::lock_guard<std::mutex> lock(mu_);
  if (--in_progress_ == 0) none_.notify_all();
}

int64_t CallTracker::in_progress() const {
  std::lock_guard<std::mutex> lock(mu_);
  return in_progress_;
}

bool CallTracker::WaitUntilNone(absl::Time deadline) {
  std::unique_lock<std::mutex> lock(mu_);
  return none_.wait_until(lock, absl::ToChronoTime(deadline), [this] { return in_progress_ == 0; });
}

}  // namespace server

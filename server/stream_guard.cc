#include "server/stream_guard.h"

#include <vector>

#include "absl/strings/str_cat.h"

namespace server {

void StreamGuard::Handle::Cancel() {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  if (context_ != nullptr) context_->TryCancel();
}

void StreamGuard::Handle::Detach() {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  context_ = nullptr;
}

StreamGuard::StreamGuard(int max_streams, absl::Duration write_timeout, absl::Duration idle_timeout)
    : max_streams_(max_streams),
      write_timeout_(write_timeout),
      idle_timeout_(idle_timeout),
      watchdog_([this] { Watch(); }) {}

StreamGuard::~StreamGuard() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  stop_cv_.notify_all();
  watchdog_.join();
}

absl::StatusOr<std::shared_ptr<StreamGuard::Handle>> StreamGuard::Add(
    grpc::CallbackServerContext* context) {
  std::lock_guard<std::mutex> lock(mu_);
  if (streams_.size() >= static_cast<size_t>(max_streams_)) {
    return absl::ResourceExhaustedError(
        absl::StrCat("too many streams: ", streams_.size(),
                     " are open on this server (--max_streams); retry later or use SolveBatch"));
  }
  auto handle = std::make_shared<Handle>(context);
  streams_.insert(handle);
  return handle;
}

void StreamGuard::Remove(const std::shared_ptr<Handle>& handle) {
  std::lock_guard<std::mutex> lock(mu_);
  streams_.erase(handle);
}

size_t StreamGuard::open_streams() const {
  std::lock_guard<std::mutex> lock(mu_);
  return streams_.size();
}

void StreamGuard::Watch() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stopping_) {
    stop_cv_.wait_for(lock, std::chrono::seconds(1));
    const absl::Time now = absl::Now();
    const int64_t write_stale_before = absl::ToUnixNanos(now - write_timeout_);
    const int64_t read_stale_before = absl::ToUnixNanos(now - idle_timeout_);
    std::vector<std::shared_ptr<Handle>> stale;
    for (const std::shared_ptr<Handle>& handle : streams_) {
      if (handle->write_started.load(std::memory_order_relaxed) < write_stale_before ||
          handle->read_started.load(std::memory_order_relaxed) < read_stale_before) {
        stale.push_back(handle);
      }
    }
    // Cancel without mu_: gRPC may run the stream's OnDone (which calls Remove) inline.
    lock.unlock();
    for (const std::shared_ptr<Handle>& handle : stale) handle->Cancel();
    lock.lock();
  }
}

}  // namespace server

#include "server/http_connections.h"

#include <sys/socket.h>

namespace server {
namespace http_internal {

void OpenConnections::AddConnection(ConnState* conn) {
  std::lock_guard<std::mutex> lock(conn_mu_);
  conns_.insert(conn);
}

void OpenConnections::RemoveConnection(ConnState* conn) {
  std::lock_guard<std::mutex> lock(conn_mu_);
  conns_.erase(conn);
}

size_t OpenConnections::connection_count() const {
  std::lock_guard<std::mutex> lock(conn_mu_);
  return conns_.size();
}

int OpenConnections::ShutDownIdle(int64_t ready_before_ns) {
  int closed = 0;
  std::lock_guard<std::mutex> lock(conn_mu_);
  for (ConnState* conn : conns_) {
    if (conn->shut || conn->fd < 0 || conn->in_request.load(std::memory_order_relaxed) ||
        conn->ready_since_ns.load(std::memory_order_relaxed) > ready_before_ns) {
      continue;
    }
    shutdown(conn->fd, SHUT_RDWR);
    conn->shut = true;
    ++closed;
  }
  return closed;
}

void OpenConnections::AddExchange(std::shared_ptr<Exchange> exchange) {
  Exchange* raw = exchange.get();
  std::lock_guard<std::mutex> lock(mu_);
  exchanges_.emplace(raw, std::move(exchange));
}

std::shared_ptr<Exchange> OpenConnections::RemoveExchange(Exchange* raw) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = exchanges_.find(raw);
  if (it == exchanges_.end()) return nullptr;
  std::shared_ptr<Exchange> ex = std::move(it->second);
  exchanges_.erase(it);
  if (raw->counted_in_flight && --in_flight_ == 0) changed_.notify_all();
  return ex;
}

std::shared_ptr<Exchange> OpenConnections::Find(uint64_t key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = exchanges_.find(reinterpret_cast<Exchange*>(static_cast<uintptr_t>(key)));
  return it == exchanges_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Exchange>> OpenConnections::Exchanges() const {
  std::vector<std::shared_ptr<Exchange>> all;
  std::lock_guard<std::mutex> lock(mu_);
  all.reserve(exchanges_.size());
  for (const auto& [raw, ex] : exchanges_) all.push_back(ex);
  return all;
}

void OpenConnections::CountInFlight(Exchange& exchange) {
  std::lock_guard<std::mutex> lock(mu_);
  ++in_flight_;
  exchange.counted_in_flight = true;
}

int64_t OpenConnections::in_flight() const {
  std::lock_guard<std::mutex> lock(mu_);
  return in_flight_;
}

bool OpenConnections::WaitUntilNoneInFlight(absl::Time deadline) {
  std::unique_lock<std::mutex> lock(mu_);
  return changed_.wait_until(lock, absl::ToChronoTime(deadline),
                             [this] { return in_flight_ == 0; });
}

bool OpenConnections::WaitTick(absl::Duration tick) {
  std::unique_lock<std::mutex> lock(mu_);
  return changed_.wait_for(lock, absl::ToChronoNanoseconds(tick), [this] { return stop_waiting_; });
}

void OpenConnections::StopWaiting() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_waiting_ = true;
  }
  changed_.notify_all();
}

}  // namespace http_internal
}  // namespace server

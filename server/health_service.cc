#include "server/health_service.h"

#include <utility>
#include <vector>

namespace server {
namespace {
using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;
}  // namespace

// One Watch stream: the reactor, and the statuses still to write. The service holds it while the
// stream is open; gRPC owns the reactor and deletes it in OnDone. Each decision is made under mu_
// and the gRPC operation it calls for (StartWrite, Finish) started after releasing it. Finish is
// called once, never while a write is in flight, so the reactor outlives every StartWrite.
class HealthService::Watcher final : public grpc::ServerWriteReactor<HealthCheckResponse>,
                                     public std::enable_shared_from_this<Watcher> {
 public:
  Watcher(HealthService* service, std::string name) : service_(service), name_(std::move(name)) {}

  const std::string& name() const { return name_; }

  // Queues `status` (replacing one not yet written) and, with `last`, ends the stream after it.
  void Update(ServingStatus status, bool last) {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      pending_ = status;
      has_pending_ = true;
      ending_ = ending_ || last;
      next = PumpLocked();
    }
    Do(next);
  }

  void OnWriteDone(bool ok) override {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      writing_ = false;
      if (!ok) broken_ = true;  // cancelled, or the client went away
      next = PumpLocked();
    }
    Do(next);
  }

  void OnCancel() override {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      broken_ = true;
      next = PumpLocked();
    }
    Do(next);
  }

  void OnDone() override {
    // Keeps the state alive past Remove; the reactor (this) goes with the last reference.
    std::shared_ptr<Watcher> self = std::move(self_);
    service_->Remove(self);
  }

  // Set once by the service, so that OnDone can release the service's reference.
  std::shared_ptr<Watcher> self_;

 private:
  struct Next {
    enum { kNone, kWrite, kFinish } what = kNone;
    grpc::Status status;
  };

  void Do(const Next& next) {
    if (next.what == Next::kWrite) StartWrite(&response_);
    if (next.what == Next::kFinish) Finish(next.status);
  }

  Next PumpLocked() {
    if (writing_ || finished_) return Next{};
    if (broken_) {
      finished_ = true;
      return Next{Next::kFinish, grpc::Status::CANCELLED};
    }
    if (has_pending_) {
      has_pending_ = false;
      response_.set_status(pending_);
      writing_ = true;
      return Next{Next::kWrite, {}};
    }
    if (ending_) {
      finished_ = true;
      return Next{Next::kFinish,
                  grpc::Status(grpc::StatusCode::UNAVAILABLE, "server shutting down")};
    }
    return Next{};
  }

  HealthService* const service_;
  const std::string name_;
  std::mutex mu_;
  HealthCheckResponse response_;  // written by StartWrite; changed only when no write is in flight
  ServingStatus pending_ = HealthCheckResponse::UNKNOWN;
  bool has_pending_ = false;
  bool ending_ = false;
  bool writing_ = false;
  bool broken_ = false;
  bool finished_ = false;
};

HealthService::HealthService() { statuses_[""] = HealthCheckResponse::SERVING; }

HealthService::~HealthService() = default;

HealthService::ServingStatus HealthService::StatusLocked(const std::string& name) const {
  auto it = statuses_.find(name);
  return it == statuses_.end() ? HealthCheckResponse::SERVICE_UNKNOWN : it->second;
}

void HealthService::Set(const std::string& name, ServingStatus status) {
  std::vector<std::shared_ptr<Watcher>> told;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_down_) return;
    statuses_[name] = status;
    for (const std::shared_ptr<Watcher>& w : watchers_) {
      if (w->name() == name) told.push_back(w);
    }
  }
  for (const std::shared_ptr<Watcher>& w : told) w->Update(status, /*last=*/false);
}

void HealthService::SetServingStatus(const std::string& service_name, bool serving) {
  Set(service_name, serving ? HealthCheckResponse::SERVING : HealthCheckResponse::NOT_SERVING);
}

void HealthService::SetServingStatus(bool serving) {
  std::vector<std::string> names;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [name, status] : statuses_) names.push_back(name);
  }
  for (const std::string& name : names) SetServingStatus(name, serving);
}

void HealthService::Shutdown() {
  std::vector<std::shared_ptr<Watcher>> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_down_) return;
    shut_down_ = true;
    for (auto& [name, status] : statuses_) status = HealthCheckResponse::NOT_SERVING;
    all.assign(watchers_.begin(), watchers_.end());
  }
  for (const std::shared_ptr<Watcher>& w : all) {
    w->Update(HealthCheckResponse::NOT_SERVING, /*last=*/true);
  }
}

grpc::ServerUnaryReactor* HealthService::Check(grpc::CallbackServerContext* context,
                                               const HealthCheckRequest* request,
                                               HealthCheckResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  ServingStatus status;
  {
    std::lock_guard<std::mutex> lock(mu_);
    status = StatusLocked(request->service());
  }
  if (status == HealthCheckResponse::SERVICE_UNKNOWN) {
    reactor->Finish(grpc::Status(grpc::StatusCode::NOT_FOUND, "service name unknown"));
  } else {
    response->set_status(status);
    reactor->Finish(grpc::Status::OK);
  }
  return reactor;
}

grpc::ServerWriteReactor<HealthCheckResponse>* HealthService::Watch(
    grpc::CallbackServerContext* /*context*/, const HealthCheckRequest* request) {
  auto watcher = std::make_shared<Watcher>(this, request->service());
  watcher->self_ = watcher;
  ServingStatus status;
  bool shut_down;
  {
    std::lock_guard<std::mutex> lock(mu_);
    status = StatusLocked(request->service());
    shut_down = shut_down_;
    watchers_.insert(watcher);
  }
  watcher->Update(status, /*last=*/shut_down);
  return watcher.get();
}

void HealthService::Remove(const std::shared_ptr<Watcher>& watcher) {
  std::lock_guard<std::mutex> lock(mu_);
  watchers_.erase(watcher);
}

size_t HealthService::watchers() const {
  std::lock_guard<std::mutex> lock(mu_);
  return watchers_.size();
}

}  // namespace server

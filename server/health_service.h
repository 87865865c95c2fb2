// grpc.health.v1.Health, ours instead of gRPC's default, for one reason: at shutdown its Watch
// streams end. gRPC 1.51's default service sends NOT_SERVING to a watcher and keeps the stream
// open, and gRPC's Server::Shutdown waits for every open call, so a server with nothing to do
// but one load balancer watching its health waited its whole grace period (5 s) before exiting.
//
// Behaves as the default service otherwise (what clients and tests rely on):
//   - "" (the whole server) is SERVING from the start; other names are known once set;
//   - Check of an unknown name is NOT_FOUND "service name unknown";
//   - Watch writes the current status at once (SERVICE_UNKNOWN for an unknown name), then every
//     change; a watcher that reads slowly gets only the newest status;
//   - Shutdown sets every status NOT_SERVING and ignores later changes; each Watch then gets
//     NOT_SERVING and ends, UNAVAILABLE "server shutting down".
// It is the server's HealthCheckServiceInterface too (HealthCheckServiceServerBuilderOption),
// so Server::GetHealthCheckService()->SetServingStatus(...) reaches it.
//
// Thread-safety: every method may be called from any thread.

#ifndef SERVER_HEALTH_SERVICE_H_
#define SERVER_HEALTH_SERVICE_H_

#include <grpcpp/health_check_service_interface.h>

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "absl/base/thread_annotations.h"
#include "grpc/health/v1/health.grpc.pb.h"

namespace server {

class HealthService final : public grpc::HealthCheckServiceInterface,
                            public grpc::health::v1::Health::CallbackService {
 public:
  using ServingStatus = grpc::health::v1::HealthCheckResponse::ServingStatus;

  HealthService();
  HealthService(const HealthService&) = delete;
  HealthService& operator=(const HealthService&) = delete;
  ~HealthService() override;

  // HealthCheckServiceInterface.
  void SetServingStatus(const std::string& service_name, bool serving) override;
  void SetServingStatus(bool serving) override;  // every known name
  void Shutdown() override;

  // grpc.health.v1.Health.
  grpc::ServerUnaryReactor* Check(grpc::CallbackServerContext* context,
                                  const grpc::health::v1::HealthCheckRequest* request,
                                  grpc::health::v1::HealthCheckResponse* response) override;
  grpc::ServerWriteReactor<grpc::health::v1::HealthCheckResponse>* Watch(
      grpc::CallbackServerContext* context,
      const grpc::health::v1::HealthCheckRequest* request) override;

  // Open Watch streams: for tests.
  size_t watchers() const;

  class Watcher;  // health_service.cc: one Watch stream

 private:
  friend class Watcher;
  // The status of `name`; SERVICE_UNKNOWN if it was never set. REQUIRES: mu_ held.
  ServingStatus StatusLocked(const std::string& name) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Sets `name`'s status and tells its watchers. REQUIRES: mu_ not held.
  void Set(const std::string& name, ServingStatus status);
  void Remove(const std::shared_ptr<Watcher>& watcher);

  mutable std::mutex mu_;
  bool shut_down_ ABSL_GUARDED_BY(mu_) = false;
  std::map<std::string, ServingStatus> statuses_ ABSL_GUARDED_BY(mu_);
  std::set<std::shared_ptr<Watcher>> watchers_ ABSL_GUARDED_BY(mu_);
};

}  // namespace server

#endif  // SERVER_HEALTH_SERVICE_H_

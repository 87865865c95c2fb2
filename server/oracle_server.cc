#include "server/oracle_server.h"

#include <grpc/grpc.h>
#include <grpcpp/ext/health_check_service_server_builder_option.h>
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/resource_quota.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>
#include <malloc.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/registry.h"
#include "server/health_service.h"
#include "server/metrics_interceptor.h"
#include "server/rate_limited_log.h"

namespace server {
namespace {

absl::Status CheckOptions(const OracleServerOptions& o) {
  auto at_least = [](absl::string_view flag, int64_t value, int64_t minimum) {
    if (value >= minimum) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, "=", value, "; expected at least ", minimum));
  };
  for (const absl::Status& s : {
           at_least("max_batch_size", o.limits.max_batch_size, 1),
           at_least("max_message_size", o.limits.max_message_size, 1024),
           at_least("max_concurrent_streams", o.limits.max_concurrent_streams, 1),
           at_least("http_threads", o.limits.http_threads, 1),
           at_least("solve_threads", o.solve_threads, 1),
           at_least("batch_threads", o.batch_threads, 1),
           at_least("solve_queue", o.solve_queue, 0),
           at_least("request_memory", o.request_memory_bytes, 1 << 20),
           at_least("max_streams", o.max_streams, 1),
           at_least("grpc_memory", o.grpc_memory_bytes, 16 << 20),
           at_least("http_max_connections", o.http_max_connections, 0),
       }) {
    if (!s.ok()) return s;
  }
  if (o.max_search_time <= absl::ZeroDuration()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max_search_time=", absl::FormatDuration(o.max_search_time), "; expected more than 0"));
  }
  absl::Status s = CheckAddress("address", o.address);
  if (!s.ok()) return s;
  if (!o.http_address.empty()) {
    s = CheckAddress("http_address", o.http_address);
    if (!s.ok()) return s;
    const bool any_port = absl::EndsWith(o.address, ":0");
    if (o.http_address == o.address && !any_port) {
      return absl::InvalidArgumentError(
          absl::StrCat("--http_address=", o.http_address,
                       " is the same endpoint as --address; give HTTP a port of its own"));
    }
  }
  return absl::OkStatus();
}

// The puzzles named by --puzzles (all when empty), in the registry's order.
absl::StatusOr<std::vector<const puzzle::Puzzle*>> SelectPuzzles(
    const std::vector<std::string>& names) {
  std::vector<const puzzle::Puzzle*> selected;
  for (const std::string& name : names) {
    absl::StatusOr<const puzzle::Puzzle*> p = puzzle::GetPuzzle(name);
    if (!p.ok()) return absl::NotFoundError(absl::StrCat("--puzzles: ", p.status().message()));
  }
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    const bool wanted =
        names.empty() || std::find(names.begin(), names.end(), p->info().name) != names.end();
    if (wanted) selected.push_back(p);
  }
  return selected;
}

// Every method of `service` (a protobuf service name) under its path, with `puzzle` as label.
// Returns the method paths.
std::vector<std::string> RegisterServiceMethods(Metrics& metrics, const std::string& service,
                                                const std::string& puzzle) {
  std::vector<std::string> paths;
  const google::protobuf::ServiceDescriptor* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(service);
  if (descriptor == nullptr) return paths;
  for (int m = 0; m < descriptor->method_count(); ++m) {
    paths.push_back(absl::StrCat("/", service, "/", descriptor->method(m)->name()));
    metrics.RegisterMethod(Transport::kGrpc, paths.back(), puzzle);
  }
  return paths;
}

// gRPC removes an existing socket file before it binds a "unix:" address, so a second server
// would silently take the path over from a running one. Refuse when something answers there; a
// stale socket (nothing listening: ECONNREFUSED) is left for gRPC to replace.
absl::Status CheckUnixSocketFree(absl::string_view address) {
  absl::string_view path = address.substr(std::strlen("unix:"));
  if (absl::StartsWith(path, "//")) path.remove_prefix(2);  // unix:///abs/path
  struct stat st;
  const std::string file(path);
  if (::lstat(file.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) return absl::OkStatus();
  sockaddr_un sa{};
  sa.sun_family = AF_UNIX;
  if (file.size() >= sizeof(sa.sun_path)) return absl::OkStatus();  // gRPC refuses it itself
  std::memcpy(sa.sun_path, file.data(), file.size());
  // Non-blocking, so that a listener with a full backlog (EAGAIN) counts as one, without a wait.
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return absl::OkStatus();
  const bool answered = ::connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) == 0 ||
                        errno == EAGAIN || errno == EINPROGRESS;
  ::close(fd);
  if (!answered) return absl::OkStatus();
  return absl::UnavailableError(
      absl::StrCat("cannot listen on ", address,
                   " (another server is listening on this socket; it is not taken over)"));
}

}  // namespace

absl::Status CheckAddress(absl::string_view flag, absl::string_view address) {
  if (absl::StartsWith(address, "unix:")) return absl::OkStatus();
  const size_t colon = address.rfind(':');
  int port = -1;
  if (colon == absl::string_view::npos || !absl::SimpleAtoi(address.substr(colon + 1), &port)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, "=", address, ": expected host:port (or unix:/path)"));
  }
  if (port < 0 || port > 65535) {
    return absl::InvalidArgumentError(absl::StrCat("--", flag, "=", address, ": port ", port,
                                                   " is not in 1-65535 (0 picks a free port)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<OracleServer>> OracleServer::Start(
    const OracleServerOptions& options) {
  absl::Status status = CheckOptions(options);
  if (!status.ok()) return status;
  absl::StatusOr<std::vector<const puzzle::Puzzle*>> selected = SelectPuzzles(options.puzzles);
  if (!selected.ok()) return selected.status();

  std::unique_ptr<OracleServer> server(new OracleServer());
  server->metrics_ = std::make_unique<Metrics>(options.process_start);
  status = server->LoadPuzzles(*selected, options);
  if (!status.ok()) return status;
  status = server->StartGrpc(options);
  if (!status.ok()) return status;
  if (!options.http_address.empty()) {
    HttpGatewayOptions http;
    http.address = options.http_address;
    http.threads = options.limits.http_threads;
    http.max_connections = options.http_max_connections;
    http.idle_timeout = options.http_idle_timeout;
    absl::StatusOr<std::unique_ptr<HttpGateway>> gateway = HttpGateway::Start(
        http, server->handler_.get(), server->executor_.get(), server->metrics_.get());
    if (!gateway.ok()) return gateway.status();
    server->http_ = *std::move(gateway);
  }
  server->StartHousekeeping();
  server->SetServing();
  return server;
}

absl::Status OracleServer::LoadPuzzles(const std::vector<const puzzle::Puzzle*>& puzzles,
                                       const OracleServerOptions& options) {
  std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> loaded;
  for (const puzzle::Puzzle* p : puzzles) {
    absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l =
        puzzle::LoadPuzzle(*p, options.tables_dir, options.mapping_advice);
    if (!l.ok()) return l.status();
    for (const puzzle::LoadedTable& t : (*l)->tables()) {
      metrics_->AddTable(
          p->info().name, t.file->format_version(),
          absl::StrCat(t.spec->name, ":", absl::Hex(t.file->header_checksum(), absl::kZeroPad16)));
    }
    loaded.push_back(*std::move(l));
  }
  OracleHandlerOptions handler_options;
  handler_options.limits = options.limits;
  handler_options.max_search_time = options.max_search_time;
  handler_options.batch_threads = options.batch_threads;
  Metrics* metrics = metrics_.get();
  handler_options.on_search = [metrics](const std::string& puzzle, absl::Duration time,
                                        uint64_t nodes) {
    metrics->RecordSearch(puzzle, time, nodes);
  };
  handler_ = std::make_unique<OracleHandler>(std::move(loaded), handler_options);
  return absl::OkStatus();
}

MethodPuzzles OracleServer::RegisterGrpcMethods() {
  // Every gRPC method the server answers gets its own series (per puzzle where a call is about
  // one); anything else counts as "other".
  MethodPuzzles method_puzzles;
  for (const std::string& path :
       RegisterServiceMethods(*metrics_, v2::PuzzleOracle::service_full_name(), "")) {
    method_puzzles.from_request.insert(path);
  }
  for (const auto& p : handler_->puzzles()) {
    RegisterServiceMethods(*metrics_, v2::PuzzleOracle::service_full_name(),
                           p->puzzle().info().name);
  }
  for (const V1Service& v1 : v1_) {
    for (const std::string& path : RegisterServiceMethods(*metrics_, v1.name, v1.puzzle)) {
      method_puzzles.fixed[path] = v1.puzzle;
    }
  }
  for (const char* method : {"/grpc.health.v1.Health/Check", "/grpc.health.v1.Health/Watch",
                             "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"}) {
    metrics_->RegisterMethod(Transport::kGrpc, method);
  }
  return method_puzzles;
}

absl::Status OracleServer::StartGrpc(const OracleServerOptions& options) {
  executor_ = std::make_unique<SolveExecutor>(options.solve_threads, options.solve_queue,
                                              options.request_memory_bytes);
  streams_ = std::make_unique<StreamGuard>(options.max_streams, options.stream_write_timeout,
                                           options.stream_idle_timeout);
  calls_ = std::make_unique<CallTracker>();
  const CallEnv env{executor_.get(), options.limits.max_batch_size, streams_.get(), calls_.get()};
  service_ = std::make_unique<OracleService>(handler_.get(), env);
  v1_ = MakeV1Services(handler_.get(), env);

  if (absl::StartsWith(options.address, "unix:")) {
    absl::Status free = CheckUnixSocketFree(options.address);
    if (!free.ok()) return free;
  }
  // Our health service (health_service.h: its Watch streams end at shutdown), not gRPC's.
  grpc::EnableDefaultHealthCheckService(false);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int selected_port = 0;
  builder.AddListeningPort(options.address, grpc::InsecureServerCredentials(), &selected_port);
  builder.SetMaxReceiveMessageSize(options.limits.max_message_size);
  builder.SetMaxSendMessageSize(options.limits.max_message_size);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS,
                             options.limits.max_concurrent_streams);
  // A second server on the same port must fail to start, not silently share the calls.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  // Each stream's receive window stays at HTTP/2's 64 KiB instead of growing with gRPC's
  // bandwidth-delay probe (to megabytes per stream when memory looks free): a client that sends
  // and never reads its answers could otherwise park about 2 MB of requests per stream in the
  // transport (measured: 64 streams took RSS 143 MiB over idle; with fixed windows, 18 MiB). A
  // message being read still gets the window it needs, so large batches are unaffected on
  // loopback and LANs; over long round trips, uploads run at about 64 KiB per round trip.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_BDP_PROBE, 0);
  grpc::ResourceQuota quota("puzzle_oracle_server");
  quota.Resize(static_cast<size_t>(options.grpc_memory_bytes));
  builder.SetResourceQuota(quota);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(MakeMetricsInterceptorFactory(metrics_.get(), RegisterGrpcMethods()));
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  auto health = std::make_unique<HealthService>();
  builder.RegisterService(health.get());
  builder.SetOption(std::make_unique<grpc::HealthCheckServiceServerBuilderOption>(
      std::move(health)));  // the server owns it
  builder.RegisterService(service_.get());
  for (const V1Service& v1 : v1_) builder.RegisterService(v1.service.get());
  server_ = builder.BuildAndStart();
  if (server_ == nullptr || selected_port == 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", options.address,
                                               " (address in use, or not a valid address)"));
  }
  address_ = options.address;
  if (!absl::StartsWith(options.address, "unix:")) {
    const size_t colon = options.address.rfind(':');
    address_ = absl::StrCat(options.address.substr(0, colon), ":", selected_port);
  }
  return absl::OkStatus();
}

void OracleServer::StartHousekeeping() {
  // glibc keeps what a burst of big requests freed in its arenas: hand it back now and then, so
  // that RSS returns to its idle level instead of staying at the burst's peak. And write the
  // counts of log lines held back, so that a flood that stopped is still reported.
  housekeeping_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(housekeeping_mu_);
    while (!housekeeping_cv_.wait_for(lock, std::chrono::seconds(5),
                                      [this] { return housekeeping_stop_; })) {
      ::malloc_trim(0);
      RateLimitedLog::Global().FlushSuppressed();
    }
  });
}

void OracleServer::SetServing() {
  grpc::HealthCheckServiceInterface* health = server_->GetHealthCheckService();
  health->SetServingStatus(true);
  health->SetServingStatus(v2::PuzzleOracle::service_full_name(), true);
  for (const auto& p : handler_->puzzles()) {
    health->SetServingStatus(
        absl::StrCat(v2::PuzzleOracle::service_full_name(), "/", p->puzzle().info().name), true);
  }
  for (const V1Service& v1 : v1_) health->SetServingStatus(v1.name, true);
}

std::vector<std::string> OracleServer::table_paths() const {
  std::vector<std::string> paths;
  for (const auto& p : handler_->puzzles()) {
    for (const puzzle::LoadedTable& t : p->tables()) paths.push_back(t.file->name());
  }
  return paths;
}

void OracleServer::Shutdown(absl::Duration grace) {
  if (shut_down_) return;
  shut_down_ = true;
  // Health goes NOT_SERVING and its Watch streams (load balancers' health checks) end: they are
  // no work in flight, and gRPC's Shutdown would otherwise wait the whole grace for them.
  // (SolveStream calls are calls in flight: they keep working through the grace period.)
  server_->GetHealthCheckService()->Shutdown();
  // Both fronts drain at once, within the same grace.
  const absl::Time deadline = absl::Now() + grace;
  std::thread http_stop;
  if (http_ != nullptr) http_stop = std::thread([this, grace] { http_->Stop(grace); });
  // gRPC's Shutdown stops accepting at once, then waits for every call and also for every client
  // channel to close, which an idle client may take seconds to do after the GOAWAY. So once our
  // own calls are done, the rest is cancelled (which disconnects idle channels): an idle server
  // exits at once. Repeated, because the first cancel may come before Shutdown has started.
  std::atomic<bool> grpc_stopped{false};
  std::thread grpc_stop([this, deadline, &grpc_stopped] {
    server_->Shutdown(absl::ToChronoTime(deadline));
    grpc_stopped.store(true);
  });
  if (calls_->WaitUntilNone(deadline)) {
    // Each pause lets the last answers' bytes leave before their channels are cut.
    while (absl::SleepFor(absl::Milliseconds(10)), !grpc_stopped.load() && absl::Now() < deadline) {
      grpc_server_cancel_all_calls(server_->c_server());
    }
  }
  grpc_stop.join();
  server_->Wait();
  if (http_stop.joinable()) http_stop.join();
  // Work already accepted finishes (cancelled searches stop at once); then the workers exit.
  executor_->Stop();
  {
    std::lock_guard<std::mutex> lock(housekeeping_mu_);
    housekeeping_stop_ = true;
  }
  housekeeping_cv_.notify_all();
  if (housekeeping_.joinable()) housekeeping_.join();
}

OracleServer::~OracleServer() {
  if (server_ != nullptr) Shutdown(absl::ZeroDuration());
}

}  // namespace server

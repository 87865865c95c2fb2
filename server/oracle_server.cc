#include "server/oracle_server.h"

#include <sys/stat.h>

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "google/protobuf/descriptor.h"
#include "server/metrics_interceptor.h"

namespace server {

api::TableDescription DescribeTableFile(const puzzle::TableFile& file, const std::string& path,
                                        absl::Duration load_time) {
  api::TableDescription description;
  description.set_puzzle_kind(puzzle::PuzzleKindName(file.kind));
  description.set_format_version(file.format_version);
  description.set_payload_checksum(absl::StrFormat("%016x", file.payload_checksum));
  description.set_entry_count(file.entry_count);
  description.set_bits_per_entry(file.bits_per_entry);
  description.set_raw_size(file.payload.size());
  description.set_compressed_size(file.compressed_size);
  description.set_build_metadata(file.metadata);
  description.set_path(path);
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) description.set_file_mtime_unix_seconds(st.st_mtime);
  description.set_load_milliseconds(absl::ToDoubleMilliseconds(load_time));
  return description;
}

OracleServer::OracleServer(puzzle::EightTable eight_table,
                           std::unique_ptr<puzzle::RotationTable> rotation,
                           api::GetTableInfoResponse table_info, const OracleServerOptions& options)
    : eight_table_(std::move(eight_table)),
      rotation_table_(std::move(rotation)),
      table_info_(std::move(table_info)),
      eight_handler_(&eight_table_, table_info_, options.limits),
      eight_service_(&eight_handler_),
      metrics_(options.process_start) {
  if (rotation_table_ != nullptr) {
    rotation_handler_ =
        std::make_unique<RotationQueryHandler>(rotation_table_.get(), options.limits);
    rotation_service_ = std::make_unique<RotationService>(rotation_handler_.get());
  }
  // Every gRPC method the server answers gets its own metrics; anything else counts as "other".
  std::vector<std::string> services = {"puzzleoracle.v1.EightPuzzle", "grpc.health.v1.Health",
                                       "grpc.reflection.v1alpha.ServerReflection"};
  if (rotation_service_ != nullptr) services.push_back("puzzleoracle.v1.RotationGame");
  for (const std::string& name : services) {
    const google::protobuf::ServiceDescriptor* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(name);
    if (service == nullptr) {  // health and reflection are not protobuf-generated here
      for (const char* method : {"Check", "Watch", "ServerReflectionInfo"}) {
        metrics_.RegisterMethod(Transport::kGrpc, absl::StrCat("/", name, "/", method));
      }
      continue;
    }
    for (int m = 0; m < service->method_count(); ++m) {
      metrics_.RegisterMethod(Transport::kGrpc,
                              absl::StrCat("/", name, "/", service->method(m)->name()));
    }
  }
  for (const api::TableDescription& table : table_info_.tables()) {
    metrics_.AddTable(table.puzzle_kind(), table.format_version(), table.payload_checksum());
  }
}

absl::StatusOr<std::unique_ptr<OracleServer>> OracleServer::Start(
    const OracleServerOptions& options) {
  if (options.limits.max_batch_size < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max_batch_size=", options.limits.max_batch_size, "; expected at least 1"));
  }
  if (options.limits.max_concurrent_streams < 1 || options.limits.http_threads < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max_concurrent_streams=", options.limits.max_concurrent_streams, ", --http_threads=",
        options.limits.http_threads, "; expected at least 1 each"));
  }
  if (options.limits.max_message_size < 1024) {
    return absl::InvalidArgumentError(absl::StrCat("--max_message_size=",
                                                   options.limits.max_message_size,
                                                   "; expected at least 1024 bytes"));
  }
  api::GetTableInfoResponse table_info;
  table_info.set_max_batch_size(static_cast<uint32_t>(options.limits.max_batch_size));
  table_info.set_max_message_size(static_cast<uint32_t>(options.limits.max_message_size));

  absl::Time start = absl::Now();
  absl::StatusOr<puzzle::EightTable> eight = puzzle::EightTable::Load(options.eight_table_path);
  if (!eight.ok()) return eight.status();
  *table_info.add_tables() =
      DescribeTableFile(eight->file(), options.eight_table_path, absl::Now() - start);

  std::unique_ptr<puzzle::RotationTable> rotation;
  if (!options.rotation_table_path.empty()) {
    start = absl::Now();
    absl::StatusOr<puzzle::RotationTable> loaded =
        puzzle::RotationTable::Load(options.rotation_table_path);
    if (!loaded.ok()) return loaded.status();
    rotation = std::make_unique<puzzle::RotationTable>(*std::move(loaded));
    *table_info.add_tables() =
        DescribeTableFile(rotation->file(), options.rotation_table_path, absl::Now() - start);
  }

  std::unique_ptr<OracleServer> oracle(
      new OracleServer(*std::move(eight), std::move(rotation), std::move(table_info), options));

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int selected_port = 0;
  builder.AddListeningPort(options.address, grpc::InsecureServerCredentials(), &selected_port);
  builder.SetMaxReceiveMessageSize(options.limits.max_message_size);
  builder.SetMaxSendMessageSize(options.limits.max_message_size);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS,
                             options.limits.max_concurrent_streams);
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> interceptors;
  interceptors.push_back(MakeMetricsInterceptorFactory(&oracle->metrics_));
  builder.experimental().SetInterceptorCreators(std::move(interceptors));
  builder.RegisterService(&oracle->eight_service_);
  if (oracle->rotation_service_ != nullptr) builder.RegisterService(oracle->rotation_service_.get());
  oracle->server_ = builder.BuildAndStart();
  if (oracle->server_ == nullptr || selected_port == 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", options.address,
                                               " (address in use, or not a valid address)"));
  }
  oracle->address_ = options.address;
  if (!absl::StartsWith(options.address, "unix:")) {
    const size_t colon = options.address.rfind(':');
    oracle->address_ = absl::StrCat(options.address.substr(0, colon), ":", selected_port);
  }
  if (!options.http_address.empty()) {
    absl::StatusOr<std::unique_ptr<HttpGateway>> http =
        HttpGateway::Start(options.http_address, options.limits, &oracle->eight_handler_,
                           oracle->rotation_handler_.get(), &oracle->metrics_);
    if (!http.ok()) return http.status();
    oracle->http_ = *std::move(http);
  }
  grpc::HealthCheckServiceInterface* health = oracle->server_->GetHealthCheckService();
  health->SetServingStatus(true);
  health->SetServingStatus(api::EightPuzzle::service_full_name(), true);
  if (oracle->rotation_service_ != nullptr) {
    health->SetServingStatus(api::RotationGame::service_full_name(), true);
  }
  return oracle;
}

void OracleServer::Shutdown(absl::Duration grace) {
  if (shut_down_) return;
  shut_down_ = true;
  server_->GetHealthCheckService()->SetServingStatus(false);
  if (http_ != nullptr) http_->Stop();
  server_->Shutdown(absl::ToChronoTime(absl::Now() + grace));
  server_->Wait();
}

OracleServer::~OracleServer() {
  if (server_ != nullptr) Shutdown(absl::ZeroDuration());
}

}  // namespace server

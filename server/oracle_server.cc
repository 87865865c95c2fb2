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

namespace server {

absl::StatusOr<std::pair<puzzle::EightTable, api::TableDescription>> LoadEightTableForServing(
    const std::string& path) {
  const absl::Time start = absl::Now();
  absl::StatusOr<puzzle::EightTable> table = puzzle::EightTable::Load(path);
  if (!table.ok()) return table.status();
  const puzzle::TableFile& file = table->file();
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
  description.set_load_milliseconds(absl::ToDoubleMilliseconds(absl::Now() - start));
  return std::make_pair(*std::move(table), std::move(description));
}

OracleServer::OracleServer(puzzle::EightTable table, api::TableDescription description,
                           const OracleServerOptions& options)
    : table_(std::move(table)),
      description_(std::move(description)),
      handler_(&table_, description_, options.max_batch_size, options.max_message_size),
      service_(&handler_) {}

absl::StatusOr<std::unique_ptr<OracleServer>> OracleServer::Start(
    const OracleServerOptions& options) {
  if (options.max_batch_size < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max_batch_size=", options.max_batch_size, "; expected at least 1"));
  }
  if (options.max_message_size < 1024) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max_message_size=", options.max_message_size, "; expected at least 1024 bytes"));
  }
  auto loaded = LoadEightTableForServing(options.eight_table_path);
  if (!loaded.ok()) return loaded.status();
  std::unique_ptr<OracleServer> oracle(
      new OracleServer(std::move(loaded->first), std::move(loaded->second), options));

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int selected_port = 0;
  builder.AddListeningPort(options.address, grpc::InsecureServerCredentials(), &selected_port);
  builder.SetMaxReceiveMessageSize(options.max_message_size);
  builder.SetMaxSendMessageSize(options.max_message_size);
  builder.RegisterService(&oracle->service_);
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
  grpc::HealthCheckServiceInterface* health = oracle->server_->GetHealthCheckService();
  health->SetServingStatus(true);
  health->SetServingStatus(api::EightPuzzle::service_full_name(), true);
  return oracle;
}

void OracleServer::Shutdown(absl::Duration grace) {
  if (shut_down_) return;
  shut_down_ = true;
  server_->GetHealthCheckService()->SetServingStatus(false);
  server_->Shutdown(absl::ToChronoTime(absl::Now() + grace));
  server_->Wait();
}

OracleServer::~OracleServer() {
  if (server_ != nullptr) Shutdown(absl::ZeroDuration());
}

}  // namespace server

#include "server/v1_services.h"

#include <vector>

#include "rpc/status_conversion.h"

namespace server {
namespace {

// How a v1 service's messages map onto queries and answers: its message types, where a query's
// boards are, and which answer fields it has.
struct EightV1 {
  using Service = v1::EightPuzzle::WithRawCallbackMethod_Solve<
      v1::EightPuzzle::WithRawCallbackMethod_SolveBatch<
          v1::EightPuzzle::WithRawCallbackMethod_SolveStream<
              v1::EightPuzzle::WithRawCallbackMethod_GetTableInfo<v1::EightPuzzle::Service>>>>;
  using SolveRequest = v1::SolveRequest;
  using SolveResponse = v1::SolveResponse;
  using BatchRequest = v1::SolveBatchRequest;
  using BatchResponse = v1::SolveBatchResponse;
  using StreamRequest = v1::SolveStreamRequest;
  using StreamResponse = v1::SolveStreamResponse;

  static puzzle::Query QueryOf(const v1::SolveRequest& r) { return {r.start(), r.goal()}; }
  static puzzle::Query QueryOf(const v1::SolveItem& item) { return {item.start(), item.goal()}; }
  static void SetAnswer(const puzzle::Answer& a, v1::SolveResponse* out) {
    out->set_solvable(a.solvable);
    out->set_distance(a.distance);
    out->set_moves(a.moves);
  }
};

struct RotationV1 {
  using Service = v1::RotationGame::WithRawCallbackMethod_Solve<
      v1::RotationGame::WithRawCallbackMethod_SolveBatch<
          v1::RotationGame::WithRawCallbackMethod_SolveStream<v1::RotationGame::Service>>>;
  using SolveRequest = v1::RotationSolveRequest;
  using SolveResponse = v1::RotationSolveResponse;
  using BatchRequest = v1::RotationSolveBatchRequest;
  using BatchResponse = v1::RotationSolveBatchResponse;
  using StreamRequest = v1::RotationSolveStreamRequest;
  using StreamResponse = v1::RotationSolveStreamResponse;

  static puzzle::Query QueryOf(const v1::RotationSolveRequest& r) { return {r.board(), ""}; }
  static puzzle::Query QueryOf(const v1::RotationItem& item) { return {item.board(), ""}; }
  static void SetAnswer(const puzzle::Answer& a, v1::RotationSolveResponse* out) {
    out->set_distance(a.distance);
    out->set_moves(a.moves);
    out->set_centre(a.extras.empty() ? 0 : static_cast<int32_t>(a.extras[0]));
  }
};

// Solve: one query.
template <typename Map>
CallHandler<typename Map::SolveRequest, typename Map::SolveResponse> V1Solve(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* p) {
  using Request = typename Map::SolveRequest;
  CallHandler<Request, typename Map::SolveResponse> h;
  h.off_thread = [handler, p](const Request&) { return handler->RunsOffThread(*p, 1); };
  h.run = [handler, p](const Request& request, const CallState& state,
                       typename Map::SolveResponse* response) {
    std::unique_ptr<puzzle::SolveControl> control =
        handler->MakeControl(*p, state.deadline, &state.cancelled);
    const puzzle::Query query = Map::QueryOf(request);
    absl::Status status;
    puzzle::Answer answer;
    handler->SolveQueries(*p, absl::MakeConstSpan(&query, 1), *control, absl::MakeSpan(&status, 1),
                          absl::MakeSpan(&answer, 1));
    if (status.ok()) Map::SetAnswer(answer, response);
    return status;
  };
  return h;
}

// SolveBatch and each SolveStream message: the items, in order, with their own statuses.
template <typename Map, typename Request, typename Response>
CallHandler<Request, Response> V1Batch(const OracleHandler* handler,
                                       const puzzle::LoadedPuzzle* p) {
  CallHandler<Request, Response> h;
  h.off_thread = [handler, p](const Request& request) {
    return handler->RunsOffThread(*p, request.items_size());
  };
  h.run = [handler, p](const Request& request, const CallState& state, Response* response) {
    std::vector<puzzle::Query> queries;
    queries.reserve(request.items_size());
    for (const auto& item : request.items()) queries.push_back(Map::QueryOf(item));
    std::vector<absl::Status> statuses(queries.size());
    std::vector<puzzle::Answer> answers(queries.size());
    std::unique_ptr<puzzle::SolveControl> control =
        handler->MakeControl(*p, state.deadline, &state.cancelled);
    handler->SolveQueries(*p, queries, *control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
    response->mutable_results()->Reserve(request.items_size());
    for (int i = 0; i < request.items_size(); ++i) {
      auto* result = response->add_results();
      result->set_id(request.items(i).id());
      if (statuses[i].ok()) {
        Map::SetAnswer(answers[i], result->mutable_answer());
      } else {
        rpc::SetItemError(statuses[i], result);
      }
    }
    return absl::OkStatus();
  };
  return h;
}

// A v1 service: Solve, SolveBatch and SolveStream over one puzzle.
template <typename Map>
class V1CallbackService : public Map::Service {
 public:
  V1CallbackService(const OracleHandler* handler, const puzzle::LoadedPuzzle* p, CallEnv env)
      : handler_(handler), puzzle_(p), env_(env) {}

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override {
    return StartUnaryCall(context, request, response, env_, V1Solve<Map>(handler_, puzzle_));
  }
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response) override {
    return StartUnaryCall(
        context, request, response, env_,
        V1Batch<Map, typename Map::BatchRequest, typename Map::BatchResponse>(handler_, puzzle_));
  }
  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* SolveStream(
      grpc::CallbackServerContext* context) override {
    return StartStreamCall(
        context, env_,
        V1Batch<Map, typename Map::StreamRequest, typename Map::StreamResponse>(handler_, puzzle_));
  }

 protected:
  const OracleHandler* const handler_;
  const puzzle::LoadedPuzzle* const puzzle_;
  const CallEnv env_;
};

// EightPuzzle also answers the server-wide v1 GetTableInfo.
class EightPuzzleV1Service final : public V1CallbackService<EightV1> {
 public:
  using V1CallbackService::V1CallbackService;
  grpc::ServerUnaryReactor* GetTableInfo(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request,
                                         grpc::ByteBuffer* response) override {
    return StartUnaryCall(context, request, response, env_, V1TableInfoHandler(handler_));
  }
};

}  // namespace

v1::GetTableInfoResponse ToV1TableInfo(const v2::GetTableInfoResponse& info) {
  v1::GetTableInfoResponse out;
  for (const v2::TableInfo& table : info.tables()) {
    v1::TableDescription* d = out.add_tables();
    d->set_puzzle_kind(table.puzzle());
    d->set_format_version(table.format_version());
    if (table.sections_size() > 0) {
      const v2::SectionInfo& s = table.sections(0);
      d->set_payload_checksum(s.checksum());
      d->set_entry_count(s.entry_count());
      d->set_bits_per_entry(s.bits_per_entry());
      d->set_raw_size(s.raw_size());
      d->set_compressed_size(s.stored_size());
    }
    d->set_build_metadata(table.build_metadata());
    d->set_path(table.path());
    d->set_file_mtime_unix_seconds(table.file_mtime_unix_seconds());
    d->set_load_milliseconds(table.load_milliseconds());
  }
  out.set_max_batch_size(info.max_batch_size());
  out.set_max_message_size(info.max_message_size());
  return out;
}

CallHandler<v1::SolveRequest, v1::SolveResponse> EightV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight) {
  return V1Solve<EightV1>(handler, eight);
}

CallHandler<v1::SolveBatchRequest, v1::SolveBatchResponse> EightV1BatchHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight) {
  return V1Batch<EightV1, v1::SolveBatchRequest, v1::SolveBatchResponse>(handler, eight);
}

CallHandler<v1::RotationSolveRequest, v1::RotationSolveResponse> RotationV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation) {
  return V1Solve<RotationV1>(handler, rotation);
}

CallHandler<v1::RotationSolveBatchRequest, v1::RotationSolveBatchResponse> RotationV1BatchHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation) {
  return V1Batch<RotationV1, v1::RotationSolveBatchRequest, v1::RotationSolveBatchResponse>(
      handler, rotation);
}

CallHandler<v1::GetTableInfoRequest, v1::GetTableInfoResponse> V1TableInfoHandler(
    const OracleHandler* handler) {
  CallHandler<v1::GetTableInfoRequest, v1::GetTableInfoResponse> h;
  h.off_thread = [](const v1::GetTableInfoRequest&) { return false; };
  h.run = [handler](const v1::GetTableInfoRequest&, const CallState&,
                    v1::GetTableInfoResponse* out) {
    *out = ToV1TableInfo(handler->table_info());
    return absl::OkStatus();
  };
  return h;
}

std::vector<V1Service> MakeV1Services(const OracleHandler* handler, const CallEnv& env) {
  std::vector<V1Service> services;
  if (auto eight = handler->Find(kV1EightPuzzle); eight.ok()) {
    services.push_back({v1::EightPuzzle::service_full_name(), kV1EightPuzzle,
                        std::make_unique<EightPuzzleV1Service>(handler, *eight, env)});
  }
  if (auto rotation = handler->Find(kV1RotationPuzzle); rotation.ok()) {
    services.push_back({v1::RotationGame::service_full_name(), kV1RotationPuzzle,
                        std::make_unique<V1CallbackService<RotationV1>>(handler, *rotation, env)});
  }
  return services;
}

}  // namespace server

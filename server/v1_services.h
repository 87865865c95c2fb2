// The v1 services, kept for existing clients as thin adapters over the same handler as v2:
//   puzzleoracle.v1.EightPuzzle   -> puzzle "eight"
//   puzzleoracle.v1.RotationGame  -> puzzle "rotation-game"
// Each method converts its v1 message to queries, runs them exactly as v2 does (grpc_calls.h,
// OracleHandler), and converts the answers back, so v1 clients get the same bytes as before.
// New puzzles get no v1 service: v2 serves every puzzle.
//
// Thread-safety: as the gRPC callback API requires; the handler, env and puzzle outlive the
// service.

#ifndef SERVER_V1_SERVICES_H_
#define SERVER_V1_SERVICES_H_

#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "server/grpc_calls.h"
#include "server/oracle_handler.h"

namespace server {

namespace v1 = ::puzzleoracle::v1;

// The puzzles the v1 services answer.
inline constexpr char kV1EightPuzzle[] = "eight";
inline constexpr char kV1RotationPuzzle[] = "rotation-game";

// A v1 GetTableInfo answer (one TableDescription per table, from its first section) built from
// the v2 one.
v1::GetTableInfoResponse ToV1TableInfo(const v2::GetTableInfoResponse& info);

// The v1 methods' handlers, shared by the gRPC services below and the HTTP gateway's v1 routes.
// REQUIRES: the handler and the puzzle outlive the returned handlers.
CallHandler<v1::SolveRequest, v1::SolveResponse> EightV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight);
CallHandler<v1::SolveBatchRequest, v1::SolveBatchResponse> EightV1BatchHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight);
CallHandler<v1::RotationSolveRequest, v1::RotationSolveResponse> RotationV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation);
CallHandler<v1::RotationSolveBatchRequest, v1::RotationSolveBatchResponse>
RotationV1BatchHandler(const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation);
CallHandler<v1::GetTableInfoRequest, v1::GetTableInfoResponse> V1TableInfoHandler(
    const OracleHandler* handler);

using EightPuzzleRawService = v1::EightPuzzle::WithRawCallbackMethod_Solve<
    v1::EightPuzzle::WithRawCallbackMethod_SolveBatch<
        v1::EightPuzzle::WithRawCallbackMethod_SolveStream<
            v1::EightPuzzle::WithRawCallbackMethod_GetTableInfo<v1::EightPuzzle::Service>>>>;

class EightPuzzleV1Service final : public EightPuzzleRawService {
 public:
  // REQUIRES: `eight` is the loaded "eight" puzzle; all three outlive the service.
  EightPuzzleV1Service(const OracleHandler* handler, const puzzle::LoadedPuzzle* eight,
                       CallEnv env)
      : handler_(handler), eight_(eight), env_(env) {}

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response) override;
  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* SolveStream(
      grpc::CallbackServerContext* context) override;
  grpc::ServerUnaryReactor* GetTableInfo(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request,
                                         grpc::ByteBuffer* response) override;

 private:
  const OracleHandler* const handler_;
  const puzzle::LoadedPuzzle* const eight_;
  const CallEnv env_;
};

using RotationGameRawService = v1::RotationGame::WithRawCallbackMethod_Solve<
    v1::RotationGame::WithRawCallbackMethod_SolveBatch<
        v1::RotationGame::WithRawCallbackMethod_SolveStream<v1::RotationGame::Service>>>;

class RotationGameV1Service final : public RotationGameRawService {
 public:
  // REQUIRES: `rotation` is the loaded "rotation-game" puzzle; all three outlive the service.
  RotationGameV1Service(const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation,
                        CallEnv env)
      : handler_(handler), rotation_(rotation), env_(env) {}

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response) override;
  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* SolveStream(
      grpc::CallbackServerContext* context) override;

 private:
  const OracleHandler* const handler_;
  const puzzle::LoadedPuzzle* const rotation_;
  const CallEnv env_;
};

}  // namespace server

#endif  // SERVER_V1_SERVICES_H_

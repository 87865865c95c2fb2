// The v1 services, kept for existing clients as thin adapters over the same handler as v2:
//   puzzleoracle.v1.EightPuzzle   -> puzzle "eight"
//   puzzleoracle.v1.RotationGame  -> puzzle "rotation-game"
// Each method converts its v1 message to queries, runs them exactly as v2 does (grpc_calls.h,
// OracleHandler), and converts the answers back, so v1 clients get the same bytes as before.
// The two services differ only in their message types and answer fields (EightV1, RotationV1
// in the .cc); one template serves both. New puzzles get no v1 service: v2 serves every puzzle.
//
// Thread-safety: as the gRPC callback API requires; the handler, env and puzzle outlive the
// service.

#ifndef SERVER_V1_SERVICES_H_
#define SERVER_V1_SERVICES_H_

#include <memory>
#include <string>
#include <vector>

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

// The v1 methods' handlers, shared by the gRPC services and the HTTP gateway's v1 routes.
// REQUIRES: the handler and the puzzle outlive the returned handlers.
CallHandler<v1::SolveRequest, v1::SolveResponse> EightV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight);
CallHandler<v1::SolveBatchRequest, v1::SolveBatchResponse> EightV1BatchHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* eight);
CallHandler<v1::RotationSolveRequest, v1::RotationSolveResponse> RotationV1SolveHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation);
CallHandler<v1::RotationSolveBatchRequest, v1::RotationSolveBatchResponse> RotationV1BatchHandler(
    const OracleHandler* handler, const puzzle::LoadedPuzzle* rotation);
CallHandler<v1::GetTableInfoRequest, v1::GetTableInfoResponse> V1TableInfoHandler(
    const OracleHandler* handler);

// A v1 service, with what the server registers it under.
struct V1Service {
  std::string name;    // its full protobuf name: the health service name and metric paths
  std::string puzzle;  // the puzzle it answers (every call's metric label)
  std::unique_ptr<grpc::Service> service;
};

// The v1 services whose puzzles `handler` serves (none, one or both), in a fixed order.
// REQUIRES: `handler` and everything in `env` outlive the services.
std::vector<V1Service> MakeV1Services(const OracleHandler* handler, const CallEnv& env);

}  // namespace server

#endif  // SERVER_V1_SERVICES_H_

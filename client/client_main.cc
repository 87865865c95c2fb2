// oracle_client: the command-line client.
//
//   oracle_client [--server=ADDR | --tables=PATH] solve START [GOAL] [--show]
//   oracle_client [--server=ADDR | --tables=PATH] judge --format=hdu3567|poj1077|distance < in
//   oracle_client [--server=ADDR | --rotation_tables=PATH] rotation BOARD
//   oracle_client [--server=ADDR | --rotation_tables=PATH] judge --format=hdu1667 < in
//   oracle_client --server=ADDR info       (GetTableInfo)
//   oracle_client --server=ADDR health     (grpc.health.v1; exit 0 only when SERVING)
//
// With --server it talks to a running server; otherwise it answers in-process from --tables
// (by default the Bazel-built table, as seen from `bazel run`). Exit codes: 0 success, 1 a
// failure (unreachable server, bad table, malformed input: details on stderr), 2 bad usage.

#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <grpcpp/client_context.h>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "client/eight_oracle.h"
#include "client/judge.h"
#include "client/remote_eight_oracle.h"
#include "client/rotation_oracle.h"
#include "puzzles/eight/eight_board.h"
#include "grpc/health/v1/health.grpc.pb.h"

ABSL_FLAG(std::string, server, "", "Server address (host:port or unix:/path); empty: in-process.");
ABSL_FLAG(std::string, tables, "data/eight.tbl", "Eight II table file for in-process answers.");
ABSL_FLAG(std::string, rotation_tables, "data/rotation.tbl",
          "Rotation Game table file for in-process answers.");
ABSL_FLAG(std::string, format, "", "judge: hdu3567, poj1077, distance or hdu1667.");
ABSL_FLAG(bool, show, false, "solve: print the board after every move.");
ABSL_FLAG(absl::Duration, timeout, absl::Seconds(30), "Deadline of each RPC.");
ABSL_FLAG(int, max_message_size, 64 * 1024 * 1024, "Largest message the client accepts.");

namespace {

constexpr char kUsage[] =
    "Usage:\n"
    "  oracle_client [--server=ADDR | --tables=PATH] solve START [GOAL] [--show]\n"
    "  oracle_client [--server=ADDR | --tables=PATH] judge --format=hdu3567|poj1077|distance\n"
    "  oracle_client [--server=ADDR | --rotation_tables=PATH] rotation BOARD\n"
    "  oracle_client [--server=ADDR | --rotation_tables=PATH] judge --format=hdu1667\n"
    "  oracle_client --server=ADDR info\n"
    "  oracle_client --server=ADDR health\n";

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "oracle_client: %s\n", std::string(status.message()).c_str());
  return 1;
}

absl::StatusOr<std::unique_ptr<client::EightOracle>> OpenOracle() {
  const std::string server = absl::GetFlag(FLAGS_server);
  if (!server.empty()) {
    return std::unique_ptr<client::EightOracle>(new client::RemoteEightOracle(
        client::MakeChannel(server, absl::GetFlag(FLAGS_max_message_size)),
        absl::GetFlag(FLAGS_timeout)));
  }
  absl::StatusOr<std::unique_ptr<client::LocalEightOracle>> local =
      client::LocalEightOracle::Open(absl::GetFlag(FLAGS_tables));
  if (!local.ok()) return local.status();
  return std::unique_ptr<client::EightOracle>(std::move(*local));
}

absl::StatusOr<std::unique_ptr<client::RotationOracle>> OpenRotationOracle() {
  const std::string server = absl::GetFlag(FLAGS_server);
  if (!server.empty()) {
    return std::unique_ptr<client::RotationOracle>(new client::RemoteRotationOracle(
        client::MakeChannel(server, absl::GetFlag(FLAGS_max_message_size)),
        absl::GetFlag(FLAGS_timeout)));
  }
  absl::StatusOr<std::unique_ptr<client::LocalRotationOracle>> local =
      client::LocalRotationOracle::Open(absl::GetFlag(FLAGS_rotation_tables));
  if (!local.ok()) return local.status();
  return std::unique_ptr<client::RotationOracle>(std::move(*local));
}

int Rotation(const std::vector<char*>& args) {
  if (args.size() < 3) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  // The board may be one argument ("1 1 1 ...") or 24.
  std::string board;
  for (size_t i = 2; i < args.size(); ++i) absl::StrAppend(&board, i > 2 ? " " : "", args[i]);
  absl::StatusOr<std::unique_ptr<client::RotationOracle>> oracle = OpenRotationOracle();
  if (!oracle.ok()) return Fail(oracle.status());
  absl::StatusOr<std::vector<client::RotationResult>> results = (*oracle)->SolveMany({board});
  if (!results.ok()) return Fail(results.status());
  const client::RotationResult& r = results->front();
  if (!r.status.ok()) return Fail(r.status);
  std::printf("distance %d\nmoves %s\ncentre %d\n", r.distance, r.moves.c_str(), r.centre);
  return 0;
}

void PrintBoard(const puzzle::EightBoard& board) {
  const std::string text = puzzle::FormatEightBoard(board);
  for (int row = 0; row < 3; ++row) {
    std::printf("  %c %c %c\n", text[3 * row], text[3 * row + 1], text[3 * row + 2]);
  }
}

int Solve(const std::vector<char*>& args) {
  if (args.size() < 3 || args.size() > 4) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  client::EightQuery query{args[2], args.size() == 4 ? args[3] : ""};
  absl::StatusOr<std::unique_ptr<client::EightOracle>> oracle = OpenOracle();
  if (!oracle.ok()) return Fail(oracle.status());
  absl::StatusOr<std::vector<client::EightResult>> results = (*oracle)->SolveMany({query});
  if (!results.ok()) return Fail(results.status());
  const client::EightResult& r = results->front();
  if (!r.status.ok()) return Fail(r.status);
  if (!r.solvable) {
    std::printf("unsolvable\n");
    return 0;
  }
  std::printf("distance %d\nmoves %s\n", r.distance, r.moves.c_str());
  if (absl::GetFlag(FLAGS_show)) {
    // The boards parsed (the query was accepted, so both parse).
    puzzle::EightBoard board = *puzzle::ParseEightBoard(query.start, "start");
    std::printf("start\n");
    PrintBoard(board);
    for (size_t i = 0; i < r.moves.size(); ++i) {
      const char c = r.moves[i];
      const puzzle::Move move = static_cast<puzzle::Move>(std::string("dlru").find(c));
      board = puzzle::ApplyMoveToBoard(board, move);
      std::printf("%zu: %c\n", i + 1, c);
      PrintBoard(board);
    }
  }
  return 0;
}

int Judge() {
  absl::StatusOr<client::JudgeFormat> format = client::ParseJudgeFormat(absl::GetFlag(FLAGS_format));
  if (!format.ok()) {
    std::fprintf(stderr, "oracle_client: %s\n%s", std::string(format.status().message()).c_str(),
                 kUsage);
    return 2;
  }
  const std::string input((std::istreambuf_iterator<char>(std::cin)),
                          std::istreambuf_iterator<char>());
  absl::Status status;
  if (*format == client::JudgeFormat::kHdu1667) {
    absl::StatusOr<std::unique_ptr<client::RotationOracle>> oracle = OpenRotationOracle();
    if (!oracle.ok()) return Fail(oracle.status());
    status = client::RunRotationJudge(input, **oracle, std::cout, std::cerr);
  } else {
    absl::StatusOr<std::unique_ptr<client::EightOracle>> oracle = OpenOracle();
    if (!oracle.ok()) return Fail(oracle.status());
    status = client::RunJudge(*format, input, **oracle, std::cout, std::cerr);
  }
  std::cout.flush();
  if (!status.ok()) return Fail(status);
  return 0;
}

int Info() {
  const std::string server = absl::GetFlag(FLAGS_server);
  if (server.empty()) return Fail(absl::InvalidArgumentError("info needs --server"));
  auto stub = puzzleoracle::v1::EightPuzzle::NewStub(
      client::MakeChannel(server, absl::GetFlag(FLAGS_max_message_size)));
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::GetFlag(FLAGS_timeout)));
  puzzleoracle::v1::GetTableInfoResponse response;
  const grpc::Status status =
      stub->GetTableInfo(&context, puzzleoracle::v1::GetTableInfoRequest(), &response);
  if (!status.ok()) return Fail(client::FromGrpcStatus(status, "GetTableInfo"));
  std::printf("%s", response.DebugString().c_str());
  return 0;
}

int Health() {
  const std::string server = absl::GetFlag(FLAGS_server);
  if (server.empty()) return Fail(absl::InvalidArgumentError("health needs --server"));
  auto stub = grpc::health::v1::Health::NewStub(client::MakeChannel(server, 1 << 20));
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::GetFlag(FLAGS_timeout)));
  grpc::health::v1::HealthCheckRequest request;
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = stub->Check(&context, request, &response);
  if (!status.ok()) return Fail(client::FromGrpcStatus(status, "Health.Check"));
  std::printf("%s\n", grpc::health::v1::HealthCheckResponse::ServingStatus_Name(
                          response.status()).c_str());
  return response.status() == grpc::health::v1::HealthCheckResponse::SERVING ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string command = args[1];
  if (command == "solve") return Solve(args);
  if (command == "rotation") return Rotation(args);
  if (command == "judge" && args.size() == 2) return Judge();
  if (command == "info" && args.size() == 2) return Info();
  if (command == "health" && args.size() == 2) return Health();
  std::fprintf(stderr, "oracle_client: unknown command '%s'\n%s", command.c_str(), kUsage);
  return 2;
}

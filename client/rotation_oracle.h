// Where the client's Rotation Game answers come from: in-process from a table file
// (LocalRotationOracle) or from a running server (RemoteRotationOracle). The counterpart of
// eight_oracle.h.

#ifndef CLIENT_ROTATION_ORACLE_H_
#define CLIENT_ROTATION_ORACLE_H_

#include <memory>
#include <string>
#include <vector>

#include <grpcpp/channel.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "puzzles/rotation/rotation_solver.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"

namespace client {

struct RotationResult {
  absl::Status status;  // per board: InvalidArgument for a malformed board
  int distance = 0;
  std::string moves;
  int centre = 0;
};

class RotationOracle {
 public:
  virtual ~RotationOracle() = default;
  // One result per board, in order. A non-OK return means no board was answered.
  virtual absl::StatusOr<std::vector<RotationResult>> SolveMany(
      const std::vector<std::string>& boards) = 0;
};

class LocalRotationOracle final : public RotationOracle {
 public:
  // Errors: those of RotationTable::Load.
  static absl::StatusOr<std::unique_ptr<LocalRotationOracle>> Open(const std::string& table_path);

  absl::StatusOr<std::vector<RotationResult>> SolveMany(
      const std::vector<std::string>& boards) override;

 private:
  explicit LocalRotationOracle(puzzle::RotationTable table)
      : table_(std::move(table)), solver_(&table_) {}

  const puzzle::RotationTable table_;
  const puzzle::RotationSolver solver_;
};

// Through the RotationGame.SolveBatch RPC, in chunks. Not thread-safe.
class RemoteRotationOracle final : public RotationOracle {
 public:
  RemoteRotationOracle(std::shared_ptr<grpc::Channel> channel, absl::Duration timeout,
                       int chunk_size = 1000);

  absl::StatusOr<std::vector<RotationResult>> SolveMany(
      const std::vector<std::string>& boards) override;

 private:
  std::unique_ptr<puzzleoracle::v1::RotationGame::Stub> stub_;
  const absl::Duration timeout_;
  const int chunk_size_;
};

}  // namespace client

#endif  // CLIENT_ROTATION_ORACLE_H_

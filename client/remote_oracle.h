// An Oracle (puzzle/puzzle.h) that answers through a running server's v2 SolveBatch RPC, for one
// puzzle, in chunks no larger than the server's batch limit (asked once with GetTableInfo). The
// CLI's judges and `solve` use it (or puzzle::SolverOracle in-process); both print byte-identical
// output.
//
// Queries that are not valid UTF-8 (gRPC strings must be) are answered locally with
// InvalidArgument naming the field and byte, and never sent, so one bad case cannot fail the
// others.
//
// Thread-safety: not thread-safe; use one per thread (the channel may be shared).

#ifndef CLIENT_REMOTE_ORACLE_H_
#define CLIENT_REMOTE_ORACLE_H_

#include <grpcpp/channel.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "puzzle/puzzle.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"

namespace client {

class RemoteOracle final : public puzzle::Oracle {
 public:
  // The most items one SolveBatch carries unless the server allows fewer: a batch of this many
  // 15-puzzle answers stays well inside the default message limit.
  static constexpr int kMaxChunkSize = 1000;

  // `timeout` bounds each RPC. `chunk_size` is the most items per SolveBatch; 0 asks the server
  // (its --max_batch_size, at most kMaxChunkSize) before the first batch. REQUIRES:
  // chunk_size >= 0.
  RemoteOracle(std::shared_ptr<grpc::Channel> channel, std::string puzzle, absl::Duration timeout,
               int chunk_size = 0);

  // Errors: the RPC's status (Unavailable when no server answers, NotFound for a puzzle the
  // server does not serve, DeadlineExceeded, ...), prefixed with "SolveBatch" (or
  // "GetTableInfo" when asking the batch limit failed); Internal when the server's answer does
  // not match the request (a result missing, or out of order).
  absl::StatusOr<std::vector<puzzle::OracleResult>> SolveMany(
      const std::vector<puzzle::QueryText>& queries) override;

  // One query through SolveWatch: `on_progress` gets each progress message the server sends
  // (about every 100 ms of a search), then the answer is returned. Errors: the query's (for
  // example InvalidArgument naming the field) or the RPC's, prefixed with "SolveWatch".
  absl::StatusOr<puzzle::Answer> SolveWatched(
      const puzzle::QueryText& query,
      const std::function<void(const puzzle::SearchProgress&)>& on_progress);

 private:
  // The items per SolveBatch: chunk_size_, asked from the server when it is 0.
  absl::StatusOr<int> ChunkSize();

  std::unique_ptr<puzzleoracle::v2::PuzzleOracle::Stub> stub_;
  const std::string puzzle_;
  const absl::Duration timeout_;
  int chunk_size_;
};

// A channel to `address` ("host:port", "dns:///name:port" or "unix:/path") with message limits
// raised to `max_message_size`, spreading calls round-robin over the addresses the name has.
std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address, int max_message_size);

// The answer in an API response, as the Oracle interface gives it.
puzzle::Answer AnswerFromResponse(const puzzleoracle::v2::SolveResponse& response);

}  // namespace client

#endif  // CLIENT_REMOTE_ORACLE_H_

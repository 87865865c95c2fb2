// Answers queries through a running server's SolveBatch RPC, in chunks that respect the
// server's advertised batch limit.
//
// Thread-safety: not thread-safe; use one per thread (the channel may be shared).

#ifndef CLIENT_REMOTE_EIGHT_ORACLE_H_
#define CLIENT_REMOTE_EIGHT_ORACLE_H_

#include <memory>
#include <string>

#include <grpcpp/channel.h>

#include "absl/time/time.h"
#include "client/eight_oracle.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"

namespace client {

class RemoteEightOracle final : public EightOracle {
 public:
  // `timeout` bounds each RPC. REQUIRES: chunk_size >= 1.
  RemoteEightOracle(std::shared_ptr<grpc::Channel> channel, absl::Duration timeout,
                    int chunk_size = 1000);

  // Errors: the RPC's status (Unavailable when no server answers, DeadlineExceeded, ...), with
  // the server address in the message.
  absl::StatusOr<std::vector<EightResult>> SolveMany(
      const std::vector<EightQuery>& queries) override;

 private:
  std::unique_ptr<puzzleoracle::v1::EightPuzzle::Stub> stub_;
  const absl::Duration timeout_;
  const int chunk_size_;
};

// A channel to `address` ("host:port" or "unix:/path") with message limits raised to
// `max_message_size`.
std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address, int max_message_size);

// absl::Status from grpc::Status (the inverse of server/status_conversion.h), with `context`
// prefixed to the message.
absl::Status FromGrpcStatus(const grpc::Status& status, absl::string_view context);

}  // namespace client

#endif  // CLIENT_REMOTE_EIGHT_ORACLE_H_

#include "client/remote_eight_oracle.h"

#include <algorithm>

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include "absl/strings/str_cat.h"

namespace client {

namespace api = ::puzzleoracle::v1;

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address, int max_message_size) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(max_message_size);
  args.SetMaxSendMessageSize(max_message_size);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

absl::Status FromGrpcStatus(const grpc::Status& status, absl::string_view context) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()),
                      absl::StrCat(context, ": ", status.error_message()));
}

RemoteEightOracle::RemoteEightOracle(std::shared_ptr<grpc::Channel> channel,
                                     absl::Duration timeout, int chunk_size)
    : stub_(api::EightPuzzle::NewStub(std::move(channel))),
      timeout_(timeout),
      chunk_size_(chunk_size) {}

absl::StatusOr<std::vector<EightResult>> RemoteEightOracle::SolveMany(
    const std::vector<EightQuery>& queries) {
  std::vector<EightResult> results(queries.size());
  for (size_t begin = 0; begin < queries.size(); begin += chunk_size_) {
    const size_t end = std::min(queries.size(), begin + chunk_size_);
    api::SolveBatchRequest request;
    for (size_t i = begin; i < end; ++i) {
      api::SolveItem* item = request.add_items();
      item->set_id(i);
      item->set_start(queries[i].start);
      item->set_goal(queries[i].goal);
    }
    api::SolveBatchResponse response;
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
    const grpc::Status status = stub_->SolveBatch(&context, request, &response);
    if (!status.ok()) return FromGrpcStatus(status, "SolveBatch");
    if (response.results_size() != static_cast<int>(end - begin)) {
      return absl::InternalError(absl::StrCat("SolveBatch: server returned ",
                                              response.results_size(), " results for ",
                                              end - begin, " items"));
    }
    for (const api::SolveItemResult& r : response.results()) {
      if (r.id() < begin || r.id() >= end) {
        return absl::InternalError(absl::StrCat("SolveBatch: result id ", r.id(),
                                                " is not in this chunk"));
      }
      EightResult& out = results[r.id()];
      if (r.code() != 0) {
        out.status = absl::Status(static_cast<absl::StatusCode>(r.code()), r.error());
        continue;
      }
      out.solvable = r.answer().solvable();
      out.distance = r.answer().distance();
      out.moves = r.answer().moves();
    }
  }
  return results;
}

}  // namespace client

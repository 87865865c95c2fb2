#include "client/rotation_oracle.h"

#include <algorithm>

#include <grpcpp/client_context.h>

#include "absl/strings/str_cat.h"
#include "client/remote_eight_oracle.h"

namespace client {

namespace api = ::puzzleoracle::v1;

absl::StatusOr<std::unique_ptr<LocalRotationOracle>> LocalRotationOracle::Open(
    const std::string& table_path) {
  absl::StatusOr<puzzle::RotationTable> table = puzzle::RotationTable::Load(table_path);
  if (!table.ok()) return table.status();
  return std::unique_ptr<LocalRotationOracle>(new LocalRotationOracle(*std::move(table)));
}

absl::StatusOr<std::vector<RotationResult>> LocalRotationOracle::SolveMany(
    const std::vector<std::string>& boards) {
  std::vector<RotationResult> results(boards.size());
  for (size_t i = 0; i < boards.size(); ++i) {
    absl::StatusOr<puzzle::RotationAnswer> answer = solver_.SolveText(boards[i]);
    if (!answer.ok()) {
      if (answer.status().code() != absl::StatusCode::kInvalidArgument) return answer.status();
      results[i].status = answer.status();
      continue;
    }
    results[i].distance = answer->distance;
    results[i].moves = answer->moves;
    results[i].centre = answer->centre;
  }
  return results;
}

RemoteRotationOracle::RemoteRotationOracle(std::shared_ptr<grpc::Channel> channel,
                                           absl::Duration timeout, int chunk_size)
    : stub_(api::RotationGame::NewStub(std::move(channel))),
      timeout_(timeout),
      chunk_size_(chunk_size) {}

absl::StatusOr<std::vector<RotationResult>> RemoteRotationOracle::SolveMany(
    const std::vector<std::string>& boards) {
  std::vector<RotationResult> results(boards.size());
  for (size_t begin = 0; begin < boards.size(); begin += chunk_size_) {
    const size_t end = std::min(boards.size(), begin + chunk_size_);
    api::RotationSolveBatchRequest request;
    for (size_t i = begin; i < end; ++i) {
      api::RotationItem* item = request.add_items();
      item->set_id(i);
      item->set_board(boards[i]);
    }
    api::RotationSolveBatchResponse response;
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
    const grpc::Status status = stub_->SolveBatch(&context, request, &response);
    if (!status.ok()) return FromGrpcStatus(status, "RotationGame.SolveBatch");
    if (response.results_size() != static_cast<int>(end - begin)) {
      return absl::InternalError(absl::StrCat("RotationGame.SolveBatch: server returned ",
                                              response.results_size(), " results for ",
                                              end - begin, " items"));
    }
    for (const api::RotationItemResult& r : response.results()) {
      if (r.id() < begin || r.id() >= end) {
        return absl::InternalError(absl::StrCat("RotationGame.SolveBatch: result id ", r.id(),
                                                " is not in this chunk"));
      }
      RotationResult& out = results[r.id()];
      if (r.code() != 0) {
        out.status = absl::Status(static_cast<absl::StatusCode>(r.code()), r.error());
        continue;
      }
      out.distance = r.answer().distance();
      out.moves = r.answer().moves();
      out.centre = r.answer().centre();
    }
  }
  return results;
}

}  // namespace client

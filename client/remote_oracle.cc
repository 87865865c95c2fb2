#include "client/remote_oracle.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "rpc/status_conversion.h"
#include "rpc/utf8.h"

namespace client {

namespace v2 = ::puzzleoracle::v2;

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address, int max_message_size) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(max_message_size);
  args.SetMaxSendMessageSize(max_message_size);
  // A dns:/// name with several replicas behind it: every call goes to the next ready one.
  args.SetLoadBalancingPolicyName("round_robin");
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

puzzle::Answer AnswerFromResponse(const v2::SolveResponse& response) {
  puzzle::Answer answer;
  answer.solvable = response.solvable();
  answer.distance = response.distance();
  answer.moves = response.moves();
  for (const v2::Extra& extra : response.extras()) answer.extras.push_back(extra.value());
  answer.nodes = response.search().nodes();
  answer.search_time = absl::Milliseconds(response.search().milliseconds());
  return answer;
}

RemoteOracle::RemoteOracle(std::shared_ptr<grpc::Channel> channel, std::string puzzle,
                           absl::Duration timeout, int chunk_size)
    : stub_(v2::PuzzleOracle::NewStub(std::move(channel))),
      puzzle_(std::move(puzzle)),
      timeout_(timeout),
      chunk_size_(chunk_size) {}

namespace {

// gRPC strings must be UTF-8: InvalidArgument naming the field and byte, or OK.
absl::Status CheckUtf8(const puzzle::QueryText& query) {
  size_t bad = 0;
  if (!rpc::IsValidUtf8(query.start, &bad)) {
    return absl::InvalidArgumentError(absl::StrCat("start: not valid UTF-8 (byte ", bad + 1, ")"));
  }
  if (!rpc::IsValidUtf8(query.goal, &bad)) {
    return absl::InvalidArgumentError(absl::StrCat("goal: not valid UTF-8 (byte ", bad + 1, ")"));
  }
  if (!rpc::IsValidUtf8(query.metric, &bad)) {
    return absl::InvalidArgumentError(absl::StrCat("metric: not valid UTF-8 (byte ", bad + 1, ")"));
  }
  if (!rpc::IsValidUtf8(query.mode, &bad)) {
    return absl::InvalidArgumentError(absl::StrCat("mode: not valid UTF-8 (byte ", bad + 1, ")"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<int> RemoteOracle::ChunkSize() {
  if (chunk_size_ > 0) return chunk_size_;
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
  v2::GetTableInfoResponse info;
  const grpc::Status status = stub_->GetTableInfo(&context, v2::GetTableInfoRequest(), &info);
  if (!status.ok()) return rpc::FromGrpcStatus(status, "GetTableInfo");
  chunk_size_ = info.max_batch_size() == 0
                    ? kMaxChunkSize
                    : static_cast<int>(std::min<uint32_t>(info.max_batch_size(), kMaxChunkSize));
  return chunk_size_;
}

absl::StatusOr<std::vector<puzzle::OracleResult>> RemoteOracle::SolveMany(
    const std::vector<puzzle::QueryText>& queries) {
  std::vector<puzzle::OracleResult> results(queries.size());
  std::vector<size_t> to_send;  // queries that can go on the wire
  for (size_t i = 0; i < queries.size(); ++i) {
    results[i].status = CheckUtf8(queries[i]);
    if (results[i].status.ok()) to_send.push_back(i);
  }
  if (to_send.empty()) return results;
  const absl::StatusOr<int> chunk_size = ChunkSize();
  if (!chunk_size.ok()) return chunk_size.status();
  for (size_t begin = 0; begin < to_send.size(); begin += *chunk_size) {
    const size_t end = std::min(to_send.size(), begin + *chunk_size);
    v2::SolveBatchRequest request;
    request.set_puzzle(puzzle_);
    for (size_t k = begin; k < end; ++k) {
      v2::SolveItem* item = request.add_items();
      item->set_id(to_send[k]);
      item->set_start(queries[to_send[k]].start);
      item->set_goal(queries[to_send[k]].goal);
      item->set_metric(queries[to_send[k]].metric);
      item->set_mode(queries[to_send[k]].mode);
      item->set_max_length(queries[to_send[k]].max_length);
      item->set_time_budget_ms(
          static_cast<uint32_t>(absl::ToInt64Milliseconds(queries[to_send[k]].time_budget)));
    }
    v2::SolveBatchResponse response;
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
    const grpc::Status status = stub_->SolveBatch(&context, request, &response);
    if (!status.ok()) return rpc::FromGrpcStatus(status, "SolveBatch");
    if (response.results_size() != static_cast<int>(end - begin)) {
      return absl::InternalError(absl::StrCat("SolveBatch: server returned ",
                                              response.results_size(), " results for ", end - begin,
                                              " items"));
    }
    for (int k = 0; k < response.results_size(); ++k) {
      const v2::SolveItemResult& r = response.results(k);
      if (r.id() != to_send[begin + k]) {
        return absl::InternalError(absl::StrCat("SolveBatch: result ", k, " has id ", r.id(),
                                                ", expected ", to_send[begin + k]));
      }
      puzzle::OracleResult& out = results[r.id()];
      out.status = rpc::ItemStatus(r);
      if (out.status.ok()) out.answer = AnswerFromResponse(r.answer());
    }
  }
  return results;
}

absl::StatusOr<puzzle::Answer> RemoteOracle::SolveWatched(
    const puzzle::QueryText& query,
    const std::function<void(const puzzle::SearchProgress&)>& on_progress) {
  const absl::Status valid = CheckUtf8(query);
  if (!valid.ok()) return valid;
  v2::SolveRequest request;
  request.set_puzzle(puzzle_);
  request.set_start(query.start);
  request.set_goal(query.goal);
  request.set_metric(query.metric);
  request.set_mode(query.mode);
  request.set_max_length(query.max_length);
  request.set_time_budget_ms(static_cast<uint32_t>(absl::ToInt64Milliseconds(query.time_budget)));
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
  std::unique_ptr<grpc::ClientReader<v2::SolveWatchResponse>> reader =
      stub_->SolveWatch(&context, request);
  v2::SolveWatchResponse message;
  absl::StatusOr<puzzle::Answer> answer =
      absl::InternalError("SolveWatch: the stream ended without an answer");
  while (reader->Read(&message)) {
    if (message.has_progress()) {
      puzzle::SearchProgress progress;
      progress.bound = message.progress().bound();
      progress.nodes = message.progress().nodes();
      progress.elapsed = absl::Milliseconds(message.progress().milliseconds());
      if (on_progress) on_progress(progress);
    } else if (message.has_answer()) {
      answer = AnswerFromResponse(message.answer());
    }
  }
  const grpc::Status status = reader->Finish();
  // The query's own error reads as it would from SolveBatch, without the RPC's name.
  if (status.error_code() == grpc::StatusCode::INVALID_ARGUMENT) {
    return absl::InvalidArgumentError(status.error_message());
  }
  if (!status.ok()) return rpc::FromGrpcStatus(status, "SolveWatch");
  return answer;
}

}  // namespace client

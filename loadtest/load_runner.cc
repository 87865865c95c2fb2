#include "loadtest/load_runner.h"

#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"

namespace loadtest {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kMaxExamplesPerClient = 5;
constexpr int kInvalidArgument = static_cast<int>(grpc::StatusCode::INVALID_ARGUMENT);

// What every client shares: the schedule, the call budget and the prebuilt over-limit requests.
struct Shared {
  const Workload* workload;
  const LoadOptions* options;
  absl::Time warmup_end;
  absl::Time end;
  std::atomic<int64_t> calls{0};
  api::SolveBatchRequest oversize_batch;
  api::SolveStreamRequest oversize_stream;
  std::string oversize_message;  // what the server must say about them
};

double Micros(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::micro>(to - from).count();
}

std::chrono::system_clock::time_point Deadline(absl::Duration d) {
  return std::chrono::system_clock::now() + std::chrono::microseconds(absl::ToInt64Microseconds(d));
}

class Client {
 public:
  Client(int index, Shared* shared)
      : shared_(*shared),
        options_(*shared->options),
        cases_(shared->workload->cases()),
        rng_(options_.seed * 1000003 + static_cast<uint64_t>(index)) {
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(64 << 20);
    args.SetMaxSendMessageSize(64 << 20);
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection of its own
    stub_ = api::EightPuzzle::NewStub(
        grpc::CreateCustomChannel(options_.address, grpc::InsecureChannelCredentials(), args));
  }

  void Run() {
    bool oversize_batch_due = true;
    bool oversize_stream_due = true;
    const int total_weight = options_.solve_weight + options_.batch_weight + options_.stream_weight;
    while (absl::Now() < shared_.end && shared_.calls.fetch_add(1) < options_.max_calls) {
      if (oversize_batch_due) {
        Batch(true);
        oversize_batch_due = false;
        continue;
      }
      if (oversize_stream_due) {
        Stream(true);
        oversize_stream_due = false;
        continue;
      }
      const int roll = Uniform(total_weight);
      if (roll < options_.solve_weight) {
        Solve();
      } else if (roll < options_.solve_weight + options_.batch_weight) {
        Batch(Uniform(options_.oversize_every) == 0);
      } else {
        Stream(Uniform(options_.oversize_every) == 0);
      }
    }
  }

  LoadResult& result() { return result_; }

 private:
  int Uniform(int n) { return std::uniform_int_distribution<int>(0, std::max(n, 1) - 1)(rng_); }
  size_t PickCase() { return std::uniform_int_distribution<size_t>(0, cases_.size() - 1)(rng_); }

  void Note(const Verdict& verdict) {
    if (verdict.kind == Verdict::kRight) return;
    (verdict.kind == Verdict::kWrongCode ? result_.unexpected_codes : result_.wrong_answers)++;
    if (result_.examples.size() < kMaxExamplesPerClient) {
      result_.examples.push_back(verdict.detail);
    }
  }

  // A call-level outcome: the code and message expected of the whole call.
  void NoteCall(const char* rpc, const grpc::Status& status, int expected_code,
                const std::string& expected_message) {
    if (status.error_code() != expected_code) {
      Note({Verdict::kWrongCode,
            absl::StrCat(rpc, ": code ", status.error_code(), " '", status.error_message(),
                         "', expected ", expected_code, " '", expected_message, "'")});
    } else if (status.error_message() != expected_message) {
      Note({Verdict::kWrongAnswer, absl::StrCat(rpc, ": message '", status.error_message(),
                                                "', expected '", expected_message, "'")});
    }
  }

  void Count(RpcKind kind, bool measured, int64_t items, double micros) {
    KindStats& stats = result_.kinds[kind];
    ++stats.calls;
    if (!measured) return;
    ++stats.measured_calls;
    stats.measured_items += items;
    stats.latency_us.push_back(micros);
  }

  // Fills `items` with `n` random cases; returns their indices.
  std::vector<size_t> FillItems(google::protobuf::RepeatedPtrField<api::SolveItem>* items, int n) {
    std::vector<size_t> picked(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      picked[i] = PickCase();
      api::SolveItem* item = items->Add();
      item->set_id(rng_());
      item->set_start(cases_[picked[i]].query.start);
      item->set_goal(cases_[picked[i]].query.goal);
    }
    return picked;
  }

  void CheckItems(const google::protobuf::RepeatedPtrField<api::SolveItem>& sent,
                  const std::vector<size_t>& picked,
                  const google::protobuf::RepeatedPtrField<api::SolveItemResult>& got,
                  KindStats& stats, const char* rpc) {
    if (got.size() != sent.size()) {
      Note({Verdict::kWrongAnswer,
            absl::StrCat(rpc, ": ", got.size(), " results for ", sent.size(), " items")});
      return;
    }
    for (int i = 0; i < sent.size(); ++i) {
      ++stats.item_codes[got[i].code()];
      ++result_.queries_checked;
      Note(CheckItem(cases_[picked[i]], sent[i].id(), got[i]));
    }
  }

  void Solve() {
    const QueryCase& c = cases_[PickCase()];
    api::SolveRequest request;
    request.set_start(c.query.start);
    request.set_goal(c.query.goal);
    api::SolveResponse response;
    grpc::ClientContext context;
    context.set_deadline(Deadline(options_.deadline));
    const bool measured = absl::Now() >= shared_.warmup_end;
    const Clock::time_point t0 = Clock::now();
    const grpc::Status status = stub_->Solve(&context, request, &response);
    Count(kSolve, measured, 1, Micros(t0, Clock::now()));
    ++result_.kinds[kSolve].call_codes[status.error_code()];
    ++result_.queries_checked;
    Note(CheckResult(c, status.error_code(), status.error_message(), response));
  }

  void Batch(bool oversize) {
    api::SolveBatchRequest built;
    std::vector<size_t> picked;
    if (!oversize) picked = FillItems(built.mutable_items(), 1 + Uniform(options_.max_batch_items));
    const api::SolveBatchRequest& request = oversize ? shared_.oversize_batch : built;
    api::SolveBatchResponse response;
    grpc::ClientContext context;
    context.set_deadline(Deadline(options_.deadline));
    const bool measured = absl::Now() >= shared_.warmup_end;
    const Clock::time_point t0 = Clock::now();
    const grpc::Status status = stub_->SolveBatch(&context, request, &response);
    Count(kSolveBatch, measured, request.items_size(), Micros(t0, Clock::now()));
    KindStats& stats = result_.kinds[kSolveBatch];
    ++stats.call_codes[status.error_code()];
    if (oversize) {
      NoteCall("SolveBatch over the limit", status, kInvalidArgument, shared_.oversize_message);
      if (response.results_size() != 0) {
        Note({Verdict::kWrongAnswer, "SolveBatch over the limit: answered anyway"});
      }
      return;
    }
    NoteCall("SolveBatch", status, 0, "");
    if (status.ok()) CheckItems(request.items(), picked, response.results(), stats, "SolveBatch");
  }

  void Stream(bool oversize_last) {
    grpc::ClientContext context;
    context.set_deadline(Deadline(options_.deadline));
    const bool measured = absl::Now() >= shared_.warmup_end;
    const Clock::time_point call_start = Clock::now();
    std::unique_ptr<grpc::ClientReaderWriter<api::SolveStreamRequest, api::SolveStreamResponse>>
        stream = stub_->SolveStream(&context);
    const int messages = 1 + Uniform(options_.max_stream_messages);
    bool broken = false;
    int answered = 0;
    for (int m = 0; m < messages && !broken; ++m) {
      api::SolveStreamRequest request;
      const std::vector<size_t> picked =
          FillItems(request.mutable_items(), 1 + Uniform(options_.max_stream_items));
      const Clock::time_point t0 = Clock::now();
      api::SolveStreamResponse response;
      if (!stream->Write(request) || !stream->Read(&response)) {
        broken = true;
        break;
      }
      Count(kStreamMessage, measured, request.items_size(), Micros(t0, Clock::now()));
      CheckItems(request.items(), picked, response.results(), result_.kinds[kStreamMessage],
                 "SolveStream");
      ++answered;
    }
    if (!broken && oversize_last) stream->Write(shared_.oversize_stream);  // may fail: ended
    stream->WritesDone();
    api::SolveStreamResponse extra;
    const bool extra_read = stream->Read(&extra);
    const grpc::Status status = stream->Finish();
    Count(kStreamCall, measured, 0, Micros(call_start, Clock::now()));
    ++result_.kinds[kStreamCall].call_codes[status.error_code()];
    if (oversize_last) {
      // The stream names the message that ended it (1-based): the one after those answered.
      NoteCall("SolveStream ending over the limit", status, kInvalidArgument,
               absl::StrCat("message ", answered + 1, ": ", shared_.oversize_message));
    } else {
      NoteCall("SolveStream", status, 0, "");
    }
    if (extra_read) Note({Verdict::kWrongAnswer, "SolveStream: a response nobody asked for"});
    if (status.ok() && answered != messages) {
      Note({Verdict::kWrongAnswer,
            absl::StrCat("SolveStream: ", answered, " of ", messages, " messages answered")});
    }
  }

  Shared& shared_;
  const LoadOptions& options_;
  const std::vector<QueryCase>& cases_;
  std::mt19937_64 rng_;
  std::unique_ptr<api::EightPuzzle::Stub> stub_;
  LoadResult result_;
};

}  // namespace

const char* RpcKindName(RpcKind kind) {
  switch (kind) {
    case kSolve:
      return "Solve";
    case kSolveBatch:
      return "SolveBatch";
    case kStreamMessage:
      return "SolveStream message";
    case kStreamCall:
      return "SolveStream call";
    case kRpcKinds:
      break;
  }
  return "?";
}

void KindStats::Merge(const KindStats& other) {
  calls += other.calls;
  measured_calls += other.measured_calls;
  measured_items += other.measured_items;
  latency_us.insert(latency_us.end(), other.latency_us.begin(), other.latency_us.end());
  for (const auto& [code, n] : other.call_codes) call_codes[code] += n;
  for (const auto& [code, n] : other.item_codes) item_codes[code] += n;
}

LoadResult RunLoad(const Workload& workload, const LoadOptions& options) {
  Shared shared;
  shared.workload = &workload;
  shared.options = &options;
  const int oversize_items = options.max_batch_size + 1;
  for (int i = 0; i < oversize_items; ++i) {
    api::SolveItem* item = shared.oversize_batch.add_items();
    item->set_id(static_cast<uint64_t>(i));
    item->set_start("12X453786");
  }
  *shared.oversize_stream.mutable_items() = shared.oversize_batch.items();
  shared.oversize_message =
      absl::StrCat("batch has ", oversize_items, " items; the server's limit is ",
                   options.max_batch_size, " (--max_batch_size)");

  LoadResult total;
  total.start = absl::Now();
  total.warmup_end = total.start + options.warmup;
  shared.warmup_end = total.warmup_end;
  shared.end = total.start + options.duration;
  std::vector<std::unique_ptr<Client>> clients;
  for (int i = 0; i < options.clients; ++i) clients.push_back(std::make_unique<Client>(i, &shared));
  std::vector<std::thread> threads;
  for (auto& client : clients) threads.emplace_back([&client] { client->Run(); });
  for (std::thread& t : threads) t.join();
  total.end = absl::Now();

  for (auto& client : clients) {
    LoadResult& r = client->result();
    for (int k = 0; k < kRpcKinds; ++k) total.kinds[k].Merge(r.kinds[k]);
    total.queries_checked += r.queries_checked;
    total.wrong_answers += r.wrong_answers;
    total.unexpected_codes += r.unexpected_codes;
    total.examples.insert(total.examples.end(), r.examples.begin(), r.examples.end());
  }
  return total;
}

}  // namespace loadtest

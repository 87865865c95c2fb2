#include "tests/abuse/grpc_attacks.h"

#include <grpc/grpc.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzles/registry.h"

namespace abuse {
namespace {

namespace v1 = ::puzzleoracle::v1;
namespace v2 = ::puzzleoracle::v2;

void* TagOf(int tag) { return reinterpret_cast<void*>(static_cast<intptr_t>(tag) + 1); }
int TagFrom(void* tag) { return static_cast<int>(reinterpret_cast<intptr_t>(tag) - 1); }

grpc::ByteBuffer ToBuffer(const std::string& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

std::string FromBuffer(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string out;
  if (!buffer.Dump(&slices).ok()) return out;
  for (const grpc::Slice& s : slices)
    out.append(reinterpret_cast<const char*>(s.begin()), s.size());
  return out;
}

// ---- The wire format, by hand ----------------------------------------------------------------

std::string Varint(uint64_t value) {
  std::string out;
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
  return out;
}

// A length-delimited field.
std::string Field(int number, absl::string_view payload) {
  return absl::StrCat(Varint(static_cast<uint64_t>(number) << 3 | 2), Varint(payload.size()),
                      payload);
}

// `prefix` then empty items (field `items_field`, 2 bytes each) up to exactly `size` bytes; when
// the parity needs it, one item carries id 128 (5 bytes). Sets *items to how many there are.
// REQUIRES: items_field < 16 (a one-byte tag), size >= prefix.size() + 5.
std::string EmptyItemsOfSize(const std::string& prefix, int items_field, size_t size,
                             int64_t* items) {
  std::string out = prefix;
  out.reserve(size);
  *items = 0;
  if ((size - out.size()) % 2 == 1) {
    out += Field(items_field, "\x08\x80\x01");  // id = 128
    ++*items;
  }
  const std::string empty = Field(items_field, "");
  while (out.size() < size) {
    out += empty;
    ++*items;
  }
  return out;
}

std::string EmptyItems(const std::string& prefix, int items_field, int count) {
  std::string out = prefix;
  const std::string empty = Field(items_field, "");
  for (int i = 0; i < count; ++i) out += empty;
  return out;
}

// `message` serialised, with the '#' of its string field `text` replaced by `byte` (a string no
// stub would send).
std::string WithByte(const google::protobuf::Message& message, const std::string& text, char byte) {
  std::string bytes = message.SerializeAsString();
  const size_t at = bytes.find(text);
  if (at != std::string::npos) bytes[at + text.find('#')] = byte;
  return bytes;
}

std::string Label(absl::string_view what, const grpc::Status& status) {
  return absl::StrCat(what, ": ", Shorten(StatusText(status)));
}

// The items of a v2 batch of `count` random boards of `puzzle`.
v2::SolveBatchRequest RandomBatch(const std::string& puzzle, int count, std::mt19937_64& rng) {
  v2::SolveBatchRequest request;
  request.set_puzzle(puzzle);
  const puzzle::Puzzle* p = puzzle::FindPuzzle(puzzle);
  for (int i = 0; i < count; ++i) {
    v2::SolveItem* item = request.add_items();
    item->set_id(static_cast<uint64_t>(i) + 1);
    item->set_start(Reference::RandomBoard(puzzle, rng));
    if (p != nullptr && p->info().has_goal) item->set_goal(Reference::RandomBoard(puzzle, rng));
  }
  return request;
}

// Checks a v2 batch or stream answer to `items` (when there is a reference).
template <typename Response>
void CheckItems(const Reference* reference, const std::string& puzzle,
                const google::protobuf::RepeatedPtrField<v2::SolveItem>& items,
                const std::string& reply, AttackReport* report) {
  if (reference == nullptr) return;
  Response response;
  if (!response.ParseFromString(reply)) {
    report->CountWrong(absl::InternalError("the answer does not parse"));
    return;
  }
  if (response.results_size() != items.size()) {
    report->CountWrong(absl::InternalError(
        absl::StrCat(response.results_size(), " results for ", items.size(), " items")));
    return;
  }
  for (int i = 0; i < items.size(); ++i) {
    report->CountWrong(reference->Check(puzzle, items.Get(i), response.results(i)));
  }
}

int MaxMessageSize(const GrpcAttackOptions& o) {
  if (o.max_message_size > 0) return o.max_message_size;
  return static_cast<int>(std::min<int64_t>(int64_t{o.max_batch_size} * 128 + 4096, INT_MAX));
}

// ---- streams ---------------------------------------------------------------------------------

class StreamsAttack final : public Attack {
 public:
  explicit StreamsAttack(GrpcAttackOptions options) : options_(std::move(options)) {
    std::mt19937_64 rng(7);
    v2::SolveBatchRequest batch = RandomBatch("eight", options_.items_per_message, rng);
    v2::SolveStreamRequest message;
    message.set_puzzle("eight");
    *message.mutable_items() = batch.items();
    message_ = message.SerializeAsString();
  }
  std::string name() const override { return "streams"; }

  void Run(const std::string&, const absl::Notification& stop, AttackReport* report) override {
    report->Add("streams per round",
                absl::StrCat(options_.stream_connections, " connections x ",
                             options_.streams_per_connection, " streams, messages of ",
                             options_.items_per_message, " items (", message_.size(), " bytes)"));
    int rounds = 0;
    int64_t written = 0;
    int most_written = 0;
    absl::Duration first_end = absl::InfiniteDuration();
    absl::Duration last_end = absl::ZeroDuration();
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      Round(stop, report, &written, &most_written, &first_end, &last_end);
    });
    report->Add("rounds", absl::StrCat(rounds));
    report->Add("messages written",
                absl::StrCat(written, " (at most ", most_written, " on one stream)"));
    if (last_end > absl::ZeroDuration()) {
      report->Add(
          "ended by the server (its write failed), after the round began",
          absl::StrCat(absl::FormatDuration(first_end), " to ", absl::FormatDuration(last_end)));
    }
    if (!held_.empty()) report->Add("held open at the end", absl::StrCat(held_.size()));
  }

  void Release() override {
    held_.clear();
    channels_.clear();
  }

 private:
  struct Stream {
    std::unique_ptr<RawStream> call;
    int written = 0;
    absl::Time last_progress;                       // when its last write completed (or it started)
    absl::Time failed_at = absl::InfiniteFuture();  // when a write failed: the call was over
    bool writing = true;
  };

  // Notes writes that completed or failed since the last look; starts the next write when
  // `write_more` and none is in flight.
  void Look(Stream& s, bool write_more, AttackReport* report, int64_t* written) {
    constexpr absl::Duration kStalled = absl::Milliseconds(500);
    s.call->Poll();
    const absl::Time now = absl::Now();
    if (s.call->writes_completed() > s.written) {
      *written += s.call->writes_completed() - s.written;
      s.written = s.call->writes_completed();
      s.last_progress = now;
    }
    if (s.call->write_failed()) {
      if (s.failed_at == absl::InfiniteFuture()) s.failed_at = now;
      s.writing = false;
    }
    if (!s.writing || !write_more) return;
    if (s.call->write_pending()) {
      if (now - s.last_progress > kStalled) {
        s.writing = false;
        report->Count("stream stalled (a write not taken for 500ms)");
      }
    } else if (s.written >= options_.max_messages_per_stream) {
      s.writing = false;
      report->Count("stream wrote its most messages without stalling");
    } else {
      s.call->Write(message_, absl::ZeroDuration());
    }
  }

  void Round(const absl::Notification& stop, AttackReport* report, int64_t* written,
             int* most_written, absl::Duration* first_end, absl::Duration* last_end) {
    std::vector<std::shared_ptr<grpc::Channel>> channels;
    std::vector<Stream> streams;
    const absl::Time round_start = absl::Now();
    for (int c = 0; c < options_.stream_connections; ++c) {
      channels.push_back(
          NewConnection(options_.address, next_connection_++, options_.stream_window_bytes));
      for (int s = 0; s < options_.streams_per_connection; ++s) {
        Stream stream;
        stream.call = std::make_unique<RawStream>(channels.back(), kV2SolveStream);
        stream.last_progress = absl::Now();
        streams.push_back(std::move(stream));
      }
    }
    // Write until every stream has failed, stalled (a write pending for 500 ms), or written its
    // most; then hold them, watching for the server to end them. Never read.
    const absl::Time hold_end = round_start + options_.stream_hold;
    for (bool writing = true; absl::Now() < hold_end && !stop.HasBeenNotified();) {
      bool any_writing = false;
      bool any_open = false;
      for (Stream& s : streams) {
        Look(s, writing, report, written);
        any_writing |= s.writing;
        any_open |= s.failed_at == absl::InfiniteFuture();
      }
      writing = any_writing;
      if (!any_open) break;
      absl::SleepFor(absl::Milliseconds(writing ? 10 : 50));
    }
    for (Stream& s : streams) *most_written = std::max(*most_written, s.written);
    if (stop.HasBeenNotified()) {
      // The run is ending: keep them open while the runner times the server's shutdown.
      for (Stream& s : streams) {
        if (s.failed_at == absl::InfiniteFuture()) held_.push_back(std::move(s.call));
      }
      for (auto& channel : channels) channels_.push_back(channel);
      return;
    }
    // gRPC gives a call's status only once its answers are read: read them now, all streams
    // at once, until every stream has ended or none has given an answer for 2 s (at most 30 s
    // in all). The wait runs from the last answer read, not from the drain's start: a stream
    // can hold dozens of buffered answers (a window that grows), and on a loaded machine
    // reading them all took longer than a fixed 2 s (38 of 64 ended streams were miscounted as
    // open during a cold build).
    std::vector<bool> done(streams.size(), false);
    const absl::Time drain_start = absl::Now();
    const absl::Time drain_cap = drain_start + absl::Seconds(30);
    absl::Time last_answer = drain_start;
    for (size_t left = streams.size();
         left > 0 && absl::Now() < drain_cap && absl::Now() - last_answer < absl::Seconds(2);) {
      for (size_t i = 0; i < streams.size(); ++i) {
        if (done[i]) continue;
        RawStream& call = *streams[i].call;
        std::string bytes;
        RawStream::Op op;
        while ((op = call.Read(&bytes, absl::ZeroDuration())) == RawStream::Op::kOk) {
          last_answer = absl::Now();
        }
        if (op == RawStream::Op::kFailed && call.WaitFinish(absl::Now())) {
          done[i] = true;
          --left;
          const grpc::Status& status = call.status();
          if (status.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED &&
              absl::StartsWith(status.error_message(), "too many streams")) {
            report->Count(Label("stream refused", status));
          } else {
            report->Count(Label("stream ended by the server", status));
            if (streams[i].failed_at != absl::InfiniteFuture()) {
              *first_end = std::min(*first_end, streams[i].failed_at - round_start);
              *last_end = std::max(*last_end, streams[i].failed_at - round_start);
            }
          }
        }
      }
      absl::SleepFor(absl::Milliseconds(5));
    }
    for (size_t i = 0; i < streams.size(); ++i) {
      if (done[i]) continue;
      streams[i].call->Cancel();
      streams[i].call->WaitFinish(absl::Now() + absl::Seconds(5));
      report->Count("stream still open after the hold (cancelled here)");
    }
  }

  const GrpcAttackOptions options_;
  std::string message_;
  int next_connection_ = 1000;
  std::vector<std::unique_ptr<RawStream>> held_;
  std::vector<std::shared_ptr<grpc::Channel>> channels_;
};

// ---- empty_batches ---------------------------------------------------------------------------

class EmptyBatchesAttack final : public Attack {
 public:
  explicit EmptyBatchesAttack(GrpcAttackOptions options) : options_(std::move(options)) {
    const int max = MaxMessageSize(options_);
    const std::string v2_prefix = Field(1, "eight");
    int64_t items = 0;
    std::string bytes = EmptyItemsOfSize(v2_prefix, 2, static_cast<size_t>(max), &items);
    calls_.push_back({kV2SolveBatch, absl::StrCat("v2 SolveBatch, ", max, " bytes of empty items"),
                      std::move(bytes)});
    bytes = EmptyItemsOfSize("", 1, static_cast<size_t>(max), &items);
    calls_.push_back({kV1EightSolveBatch,
                      absl::StrCat("v1 EightPuzzle SolveBatch, ", max, " bytes of empty items"),
                      std::move(bytes)});
    calls_.push_back({kV2SolveBatch,
                      absl::StrCat("v2 SolveBatch, ", options_.max_batch_size, " empty items"),
                      EmptyItems(v2_prefix, 2, options_.max_batch_size)});
    bytes = EmptyItemsOfSize(v2_prefix, 2, static_cast<size_t>(max) + 1, &items);
    calls_.push_back(
        {kV2SolveBatch, absl::StrCat("v2 SolveBatch, ", max + 1, " bytes"), std::move(bytes)});
  }
  std::string name() const override { return "empty_batches"; }

  void Run(const std::string&, const absl::Notification& stop, AttackReport* report) override {
    int rounds = 0;
    absl::Mutex mu;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      std::vector<std::thread> threads;
      for (int t = 0; t < options_.batch_threads; ++t) {
        threads.emplace_back([&, t] {
          auto channel = NewConnection(options_.address, 2000 + t);
          for (const Call& call : calls_) {
            const UnaryResult result =
                ConcurrentUnary(channel, call.method, {call.bytes}, absl::Seconds(30))[0];
            AttackReport local;
            if (result.status.ok() && call.method == std::string(kV2SolveBatch)) {
              v2::SolveBatchRequest request;
              request.ParseFromString(call.bytes);
              CheckItems<v2::SolveBatchResponse>(options_.reference, "eight", request.items(),
                                                 result.reply, &local);
            }
            absl::MutexLock lock(&mu);
            report->Count(Label(call.what, result.status));
            report->Merge(local);
          }
        });
      }
      for (std::thread& t : threads) t.join();
    });
    report->Add("rounds", absl::StrCat(rounds, " of ", options_.batch_threads, " threads x ",
                                       calls_.size(), " calls"));
  }

 private:
  struct Call {
    const char* method;
    std::string what;
    std::string bytes;
  };
  const GrpcAttackOptions options_;
  std::vector<Call> calls_;
};

// ---- bad_utf8 --------------------------------------------------------------------------------

// The '#' becomes a byte that is not UTF-8: 0xff at byte 5 of an Eight board; 0xc3 (a lead
// byte) followed by '3' at byte 23 of a Rotation Game board.
constexpr char kBadEight[] = "12X4#3786";
constexpr char kBadRotation[] = "1111111122222222333333#3";

class BadUtf8Attack final : public Attack {
 public:
  explicit BadUtf8Attack(GrpcAttackOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "bad_utf8"; }

  void Run(const std::string&, const absl::Notification& stop, AttackReport* report) override {
    auto channel = NewConnection(options_.address, 3000);
    std::mt19937_64 rng(3);
    int rounds = 0;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      EightV1Stream(channel, rng, report);
      RotationV1Stream(channel, rng, report);
      V2Stream(channel, rng, report);
      Unary(channel, report);
    });
    report->Add("rounds", absl::StrCat(rounds));
  }

 private:
  // Sends good, good, bad, good; reads every answer; returns them and counts the outcome.
  std::vector<std::string> Stream(const std::shared_ptr<grpc::Channel>& channel, const char* method,
                                  const std::string& good1, const std::string& good2,
                                  const std::string& bad, AttackReport* report) {
    RawStream stream(channel, method, absl::Now() + absl::Seconds(30));
    for (const std::string* m : {&good1, &good2, &bad, &good1}) {
      if (stream.Write(*m, absl::Seconds(10)) != RawStream::Op::kOk) break;
    }
    stream.WritesDone(absl::Seconds(10));
    std::vector<std::string> answers;
    std::string answer;
    while (stream.Read(&answer, absl::Seconds(10)) == RawStream::Op::kOk) {
      answers.push_back(answer);
    }
    if (!stream.WaitFinish(absl::Now() + absl::Seconds(10))) {
      report->Count(absl::StrCat("stream ", method, ": no status within 10s"));
      return answers;
    }
    report->Count(absl::StrCat("stream ", method, ": ", answers.size(), " answers, then ",
                               Shorten(StatusText(stream.status()))));
    return answers;
  }

  void EightV1Stream(const std::shared_ptr<grpc::Channel>& channel, std::mt19937_64& rng,
                     AttackReport* report) {
    v1::SolveStreamRequest good[2];
    for (v1::SolveStreamRequest& m : good) {
      for (int i = 0; i < 3; ++i) {
        v1::SolveItem* item = m.add_items();
        item->set_id(rng() % 1000);
        item->set_start(Reference::RandomBoard("eight", rng));
        item->set_goal(Reference::RandomBoard("eight", rng));
      }
    }
    v1::SolveStreamRequest bad = good[0];
    bad.mutable_items(0)->set_start(kBadEight);
    const std::vector<std::string> answers =
        Stream(channel, kV1EightSolveStream, good[0].SerializeAsString(),
               good[1].SerializeAsString(), WithByte(bad, kBadEight, '\xff'), report);
    for (size_t m = 0; m < answers.size() && m < 2 && options_.reference != nullptr; ++m) {
      v1::SolveStreamResponse response;
      response.ParseFromString(answers[m]);
      if (response.results_size() != good[m].items_size()) {
        report->CountWrong(
            absl::InternalError("v1 eight stream: results and items differ in number"));
        continue;
      }
      for (int i = 0; i < response.results_size(); ++i) {
        report->CountWrong(options_.reference->Check(good[m].items(i), response.results(i)));
      }
    }
  }

  void RotationV1Stream(const std::shared_ptr<grpc::Channel>& channel, std::mt19937_64& rng,
                        AttackReport* report) {
    v1::RotationSolveStreamRequest good[2];
    for (v1::RotationSolveStreamRequest& m : good) {
      for (int i = 0; i < 3; ++i) {
        v1::RotationItem* item = m.add_items();
        item->set_id(rng() % 1000);
        item->set_board(Reference::RandomBoard("rotation-game", rng));
      }
    }
    v1::RotationSolveStreamRequest bad = good[0];
    bad.mutable_items(0)->set_board(kBadRotation);
    const std::vector<std::string> answers =
        Stream(channel, kV1RotationSolveStream, good[0].SerializeAsString(),
               good[1].SerializeAsString(), WithByte(bad, kBadRotation, '\xc3'), report);
    for (size_t m = 0; m < answers.size() && m < 2 && options_.reference != nullptr; ++m) {
      v1::RotationSolveStreamResponse response;
      response.ParseFromString(answers[m]);
      if (response.results_size() != good[m].items_size()) {
        report->CountWrong(
            absl::InternalError("v1 rotation stream: results and items differ in number"));
        continue;
      }
      for (int i = 0; i < response.results_size(); ++i) {
        report->CountWrong(options_.reference->Check(good[m].items(i), response.results(i)));
      }
    }
  }

  void V2Stream(const std::shared_ptr<grpc::Channel>& channel, std::mt19937_64& rng,
                AttackReport* report) {
    v2::SolveStreamRequest good[2];
    for (v2::SolveStreamRequest& m : good) {
      v2::SolveBatchRequest batch = RandomBatch("eight", 3, rng);
      m.set_puzzle("eight");
      *m.mutable_items() = batch.items();
    }
    v2::SolveStreamRequest bad = good[0];
    bad.mutable_items(0)->set_start(kBadEight);
    const std::vector<std::string> answers =
        Stream(channel, kV2SolveStream, good[0].SerializeAsString(), good[1].SerializeAsString(),
               WithByte(bad, kBadEight, '\xff'), report);
    for (size_t m = 0; m < answers.size() && m < 2; ++m) {
      CheckItems<v2::SolveStreamResponse>(options_.reference, "eight", good[m].items(), answers[m],
                                          report);
    }
  }

  void Unary(const std::shared_ptr<grpc::Channel>& channel, AttackReport* report) {
    v1::SolveRequest v1_eight;
    v1_eight.set_start(kBadEight);
    v1::RotationSolveRequest v1_rotation;
    v1_rotation.set_board(kBadRotation);
    v2::SolveRequest v2_solve;
    v2_solve.set_puzzle("eight");
    v2_solve.set_start(kBadEight);
    v2::SolveBatchRequest v2_batch;
    v2_batch.set_puzzle("eight");
    v2_batch.add_items()->set_start("12X453786");
    v2_batch.add_items()->set_goal("#12345678");
    const std::vector<std::pair<const char*, std::string>> calls = {
        {kV1EightSolve, WithByte(v1_eight, kBadEight, '\xff')},
        {kV1RotationSolve, WithByte(v1_rotation, kBadRotation, '\xc3')},
        {kV2Solve, WithByte(v2_solve, kBadEight, '\xff')},
        {kV2SolveBatch, WithByte(v2_batch, "#12345678", '\x80')},
    };
    for (const auto& [method, bytes] : calls) {
      const UnaryResult result = ConcurrentUnary(channel, method, {bytes}, absl::Seconds(10))[0];
      report->Count(Label(absl::StrCat("unary ", method), result.status));
    }
  }

  const GrpcAttackOptions options_;
};

// ---- executor_flood and deadlines ------------------------------------------------------------

// Spreads calls over connections of at most 90 calls each (servers allow 100 streams per
// connection by default).
std::vector<std::shared_ptr<grpc::Channel>> ConnectionsFor(const std::string& address, int calls,
                                                           int first_index) {
  std::vector<std::shared_ptr<grpc::Channel>> channels;
  for (int i = 0; i * 90 < calls; ++i) channels.push_back(NewConnection(address, first_index + i));
  return channels;
}

std::vector<UnaryResult> Spread(const std::vector<std::shared_ptr<grpc::Channel>>& channels,
                                const char* method, const std::vector<std::string>& requests,
                                absl::Duration timeout) {
  // One thread per connection, each sending its share at once.
  std::vector<std::vector<std::string>> shares(channels.size());
  for (size_t i = 0; i < requests.size(); ++i) shares[i % channels.size()].push_back(requests[i]);
  std::vector<std::vector<UnaryResult>> answers(channels.size());
  std::vector<std::thread> threads;
  for (size_t c = 0; c < channels.size(); ++c) {
    threads.emplace_back(
        [&, c] { answers[c] = ConcurrentUnary(channels[c], method, shares[c], timeout); });
  }
  for (std::thread& t : threads) t.join();
  std::vector<UnaryResult> results(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) {
    results[i] = std::move(answers[i % channels.size()][i / channels.size()]);
  }
  return results;
}

class ExecutorFloodAttack final : public Attack {
 public:
  explicit ExecutorFloodAttack(GrpcAttackOptions options) : options_(std::move(options)) {
    std::mt19937_64 rng(11);
    batch_ = RandomBatch("eight", options_.flood_items, rng);
    if (options_.flood_max_size) PadToMaxSize();
    bytes_ = batch_.SerializeAsString();
  }
  std::string name() const override { return "executor_flood"; }

  void Run(const std::string&, const absl::Notification& stop, AttackReport* report) override {
    const auto channels = ConnectionsFor(options_.address, options_.flood_calls, 4000);
    const std::string what =
        absl::StrCat("v2 SolveBatch of ", options_.flood_items, " boards",
                     options_.flood_max_size ? absl::StrCat(" in ", bytes_.size(), " bytes") : "");
    int rounds = 0;
    absl::Duration slowest;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      const std::vector<UnaryResult> results =
          Spread(channels, kV2SolveBatch, std::vector<std::string>(options_.flood_calls, bytes_),
                 absl::Seconds(60));
      for (const UnaryResult& result : results) {
        report->Count(Label(what, result.status));
        slowest = std::max(slowest, result.latency);
        if (result.status.ok()) {
          CheckItems<v2::SolveBatchResponse>(options_.reference, "eight", batch_.items(),
                                             result.reply, report);
        }
      }
    });
    report->Add("rounds", absl::StrCat(rounds, " of ", options_.flood_calls, " calls at once"));
    report->Add("slowest call", absl::FormatDuration(slowest));
  }

 private:
  // The most leading spaces on every board that keep the message within --max_message_size.
  void PadToMaxSize() {
    const v2::SolveBatchRequest plain = batch_;
    auto padded = [&plain](int pad) {
      v2::SolveBatchRequest request = plain;
      for (v2::SolveItem& item : *request.mutable_items()) {
        item.set_start(std::string(static_cast<size_t>(pad), ' ') + item.start());
        item.set_goal(std::string(static_cast<size_t>(pad), ' ') + item.goal());
      }
      return request;
    };
    int low = 0;
    int high = MaxMessageSize(options_);
    while (low < high) {  // the largest pad that fits
      const int mid = low + (high - low + 1) / 2;
      if (padded(mid).ByteSizeLong() <= static_cast<size_t>(MaxMessageSize(options_))) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    batch_ = padded(low);
  }

  const GrpcAttackOptions options_;
  v2::SolveBatchRequest batch_;
  std::string bytes_;
};

class DeadlinesAttack final : public Attack {
 public:
  explicit DeadlinesAttack(GrpcAttackOptions options) : options_(std::move(options)) {
    std::mt19937_64 rng(13);
    batch_ = RandomBatch("eight", options_.flood_items, rng);
    bytes_ = batch_.SerializeAsString();
  }
  std::string name() const override { return "deadlines"; }

  void Run(const std::string&, const absl::Notification& stop, AttackReport* report) override {
    auto stream_channel = NewConnection(options_.address, 5000);
    const auto batch_channels = ConnectionsFor(options_.address, options_.deadline_batches, 5001);
    const std::string idle = absl::StrCat(
        "SolveStream idle past its ", absl::FormatDuration(options_.stream_deadline), " deadline");
    const std::string batch =
        absl::StrCat("v2 SolveBatch of ", options_.flood_items, " boards, 1ms deadline");
    int rounds = 0;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      std::vector<std::unique_ptr<RawStream>> streams;
      const absl::Time deadline = absl::Now() + options_.stream_deadline;
      for (int i = 0; i < options_.deadline_streams; ++i) {
        streams.push_back(std::make_unique<RawStream>(stream_channel, kV2SolveStream, deadline));
      }
      for (auto& s : streams) {
        if (s->WaitFinish(deadline + absl::Seconds(10))) {
          report->Count(Label(idle, s->status()));
        } else {
          report->Count(absl::StrCat(idle, ": no status 10s after the deadline"));
        }
      }
      if (options_.deadline_batches > 0) {
        for (const UnaryResult& result :
             Spread(batch_channels, kV2SolveBatch,
                    std::vector<std::string>(options_.deadline_batches, bytes_),
                    absl::Milliseconds(1))) {
          report->Count(Label(batch, result.status));
          if (result.status.ok()) {
            CheckItems<v2::SolveBatchResponse>(options_.reference, "eight", batch_.items(),
                                               result.reply, report);
          }
        }
      }
    });
    report->Add("rounds", absl::StrCat(rounds, " of ", options_.deadline_streams, " streams and ",
                                       options_.deadline_batches, " batches"));
  }

 private:
  const GrpcAttackOptions options_;
  v2::SolveBatchRequest batch_;
  std::string bytes_;
};

}  // namespace

std::shared_ptr<grpc::Channel> NewConnection(const std::string& address, int index,
                                             int window_bytes, const std::string& service_config) {
  grpc::ChannelArguments args;
  if (!service_config.empty()) args.SetServiceConfigJSON(service_config);
  args.SetMaxReceiveMessageSize(-1);
  args.SetMaxSendMessageSize(-1);
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  args.SetInt("abuse.connection", index);
  if (window_bytes > 0) {
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    args.SetInt(GRPC_ARG_HTTP2_STREAM_LOOKAHEAD_BYTES, window_bytes);
  }
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

std::string StatusText(const grpc::Status& status) {
  if (status.ok() && status.error_message().empty()) return "OK";
  return absl::StrCat(absl::StatusCodeToString(static_cast<absl::StatusCode>(status.error_code())),
                      ": ", status.error_message());
}

// ---- RawStream -------------------------------------------------------------------------------

RawStream::RawStream(const std::shared_ptr<grpc::Channel>& channel, const std::string& method,
                     absl::Time deadline)
    : stub_(channel) {
  if (deadline != absl::InfiniteFuture()) context_.set_deadline(absl::ToChronoTime(deadline));
  call_ = stub_.PrepareCall(&context_, method, &cq_);
  call_->StartCall(TagOf(kStart));
  pending_[kStart] = true;
}

RawStream::~RawStream() {
  if (!finished_) context_.TryCancel();
  for (int t = 0; t < kTags; ++t) {
    if (t != kFinish) Await(static_cast<Tag>(t), absl::InfiniteFuture());
  }
  StartFinish();
  Await(kFinish, absl::InfiniteFuture());
  cq_.Shutdown();
  void* tag;
  bool ok;
  while (cq_.Next(&tag, &ok)) {
  }
}

bool RawStream::Await(Tag wanted, absl::Time deadline) {
  while (pending_[wanted]) {
    void* tag = nullptr;
    bool ok = false;
    const grpc::CompletionQueue::NextStatus next =
        cq_.AsyncNext(&tag, &ok, absl::ToChronoTime(deadline));
    if (next != grpc::CompletionQueue::GOT_EVENT) return false;
    const int t = TagFrom(tag);
    pending_[t] = false;
    ok_[t] = ok;
    if (t == kFinish) finished_ = true;
    if (t == kWrite) {
      if (ok) {
        ++writes_completed_;
      } else {
        write_failed_ = true;
      }
    }
  }
  return true;
}

void RawStream::Poll() {
  for (int t = 0; t < kTags; ++t) {
    if (pending_[t]) Await(static_cast<Tag>(t), absl::Now());
  }
}

RawStream::Op RawStream::Write(const std::string& bytes, absl::Duration wait) {
  const absl::Time deadline = absl::Now() + wait;
  // StartCall and Write share gRPC's write operation set: one at a time.
  if (!Await(kStart, deadline) || !Await(kWrite, deadline)) return Op::kPending;
  if (write_failed_ || !ok_[kStart]) return Op::kFailed;
  write_buffer_ = ToBuffer(bytes);
  call_->Write(write_buffer_, TagOf(kWrite));
  pending_[kWrite] = true;
  if (!Await(kWrite, deadline)) return Op::kPending;
  return ok_[kWrite] ? Op::kOk : Op::kFailed;
}

RawStream::Op RawStream::WritesDone(absl::Duration wait) {
  const absl::Time deadline = absl::Now() + wait;
  if (!Await(kStart, deadline) || !Await(kWrite, deadline)) return Op::kPending;
  call_->WritesDone(TagOf(kWritesDone));
  pending_[kWritesDone] = true;
  if (!Await(kWritesDone, deadline)) return Op::kPending;
  return ok_[kWritesDone] ? Op::kOk : Op::kFailed;
}

RawStream::Op RawStream::Read(std::string* bytes, absl::Duration wait) {
  const absl::Time deadline = absl::Now() + wait;
  if (!pending_[kRead]) {
    if (read_ended_) return Op::kFailed;
    call_->Read(&read_buffer_, TagOf(kRead));
    pending_[kRead] = true;
  }
  if (!Await(kRead, deadline)) return Op::kPending;
  if (!ok_[kRead]) {
    read_ended_ = true;
    return Op::kFailed;
  }
  *bytes = FromBuffer(read_buffer_);
  read_buffer_.Clear();
  return Op::kOk;
}

void RawStream::StartFinish() {
  if (finish_started_) return;
  if (pending_[kRead]) {
    // Read and Finish would both ask for the initial metadata, which gRPC refuses while the
    // read is in flight: end the call, so that the read completes.
    context_.TryCancel();
    Await(kRead, absl::InfiniteFuture());
  }
  finish_started_ = true;
  call_->Finish(&status_, TagOf(kFinish));
  pending_[kFinish] = true;
}

bool RawStream::WaitFinish(absl::Time deadline) {
  StartFinish();
  return Await(kFinish, deadline);
}

bool RawStream::DrainAndFinish(absl::Time deadline, int* messages_read) {
  std::string bytes;
  for (;;) {
    const Op op = Read(&bytes, deadline - absl::Now());
    if (op == Op::kPending) return false;
    if (op == Op::kFailed) break;
    if (messages_read != nullptr) ++*messages_read;
  }
  return WaitFinish(deadline);
}

// ---- ConcurrentUnary -------------------------------------------------------------------------

std::vector<UnaryResult> ConcurrentUnary(const std::shared_ptr<grpc::Channel>& channel,
                                         const std::string& method,
                                         const std::vector<std::string>& requests,
                                         absl::Duration timeout) {
  struct Call {
    grpc::ClientContext context;
    grpc::ByteBuffer request;
    grpc::ByteBuffer reply;
    grpc::Status status;
    std::unique_ptr<grpc::ClientAsyncResponseReader<grpc::ByteBuffer>> reader;
    absl::Time start;
  };
  grpc::GenericStub stub(channel);
  grpc::CompletionQueue cq;
  std::vector<std::unique_ptr<Call>> calls;
  for (size_t i = 0; i < requests.size(); ++i) {
    auto call = std::make_unique<Call>();
    call->start = absl::Now();
    call->context.set_deadline(absl::ToChronoTime(call->start + timeout));
    call->request = ToBuffer(requests[i]);
    call->reader = stub.PrepareUnaryCall(&call->context, method, call->request, &cq);
    call->reader->StartCall();
    call->reader->Finish(&call->reply, &call->status, TagOf(static_cast<int>(i)));
    calls.push_back(std::move(call));
  }
  std::vector<UnaryResult> results(requests.size());
  for (size_t done = 0; done < requests.size(); ++done) {
    void* tag;
    bool ok;
    if (!cq.Next(&tag, &ok)) break;
    Call& call = *calls[static_cast<size_t>(TagFrom(tag))];
    UnaryResult& result = results[static_cast<size_t>(TagFrom(tag))];
    result.latency = absl::Now() - call.start;
    result.status = call.status;
    if (call.status.ok()) result.reply = FromBuffer(call.reply);
  }
  cq.Shutdown();
  void* tag;
  bool ok;
  while (cq.Next(&tag, &ok)) {
  }
  return results;
}

// ---- Names -----------------------------------------------------------------------------------

std::vector<std::string> GrpcAttackNames() {
  return {"streams", "empty_batches", "bad_utf8", "executor_flood", "deadlines"};
}

absl::StatusOr<std::unique_ptr<Attack>> MakeGrpcAttack(absl::string_view name,
                                                       const GrpcAttackOptions& options) {
  if (options.address.empty()) {
    return absl::InvalidArgumentError("a gRPC attack needs the gRPC server's address");
  }
  if (name == "streams") return std::make_unique<StreamsAttack>(options);
  if (name == "empty_batches") return std::make_unique<EmptyBatchesAttack>(options);
  if (name == "bad_utf8") return std::make_unique<BadUtf8Attack>(options);
  if (name == "executor_flood") return std::make_unique<ExecutorFloodAttack>(options);
  if (name == "deadlines") return std::make_unique<DeadlinesAttack>(options);
  return absl::InvalidArgumentError(absl::StrCat("unknown gRPC attack '", name,
                                                 "'; expected one of ",
                                                 absl::StrJoin(GrpcAttackNames(), ", ")));
}

// ---- GoodGrpcClient --------------------------------------------------------------------------

// The retry policy the README gives clients ("Connecting a client"): a call ended UNAVAILABLE
// (a GOAWAY, a lost connection) is sent again. Under memory pressure gRPC's ResourceQuota
// reclaims memory by closing connections with a GOAWAY, the attacks' and the good client's
// alike; a well-behaved client retries (every method is idempotent).
constexpr char kGoodClientServiceConfig[] = R"json({
  "methodConfig": [{
    "name": [{"service": "puzzleoracle.v2.PuzzleOracle"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.01s",
      "maxBackoff": "0.3s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "CANCELLED"]
    }
  }]
})json";

GoodGrpcClient::GoodGrpcClient(const std::string& address, const Reference* reference,
                               uint64_t seed, absl::Duration timeout, absl::Duration pause,
                               Mode mode)
    : reference_(reference),
      mode_(mode),
      channel_(NewConnection(address, 9000 + static_cast<int>(seed), 0, kGoodClientServiceConfig)),
      timeout_(timeout),
      pause_(pause),
      stub_(v2::PuzzleOracle::NewStub(channel_)),
      rng_(seed) {}

absl::Status GoodGrpcClient::Unary(const v2::SolveRequest& request) {
  v2::SolveResponse response;
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + timeout_));
  const grpc::Status status = stub_->Solve(&context, request, &response);
  if (!status.ok()) return absl::UnavailableError(StatusText(status));
  if (reference_ == nullptr) return absl::OkStatus();
  return reference_->Check(request.puzzle(), request.start(), request.goal(), response);
}

absl::Status GoodGrpcClient::Stream(const v2::SolveRequest& request) {
  v2::SolveStreamRequest message;
  message.set_puzzle(request.puzzle());
  v2::SolveItem* item = message.add_items();
  item->set_id(7);
  item->set_start(request.start());
  item->set_goal(request.goal());
  const absl::Time deadline = absl::Now() + timeout_;
  RawStream stream(channel_, kV2SolveStream, deadline);
  std::string answer;
  const bool answered = stream.Write(message.SerializeAsString(), timeout_) == RawStream::Op::kOk &&
                        stream.Read(&answer, deadline - absl::Now()) == RawStream::Op::kOk;
  stream.WritesDone(deadline - absl::Now());
  if (!stream.DrainAndFinish(deadline)) {
    return absl::DeadlineExceededError("SolveStream: no status in time");
  }
  if (!stream.status().ok()) return absl::UnavailableError(StatusText(stream.status()));
  if (!answered) return absl::InternalError("SolveStream ended OK without an answer");
  v2::SolveStreamResponse response;
  if (!response.ParseFromString(answer) || response.results_size() != 1) {
    return absl::InternalError("SolveStream: not one result");
  }
  if (reference_ == nullptr) return absl::OkStatus();
  return reference_->Check(request.puzzle(), *item, response.results(0));
}

LatencySummary GoodGrpcClient::Measure(absl::Time deadline, int max_requests) {
  std::vector<absl::Duration> samples;
  int errors = 0;
  std::string first_error;
  const std::vector<const puzzle::Puzzle*>& puzzles = TablePuzzles();
  for (int i = 0; i < max_requests && absl::Now() < deadline; ++i) {
    if (i > 0 && pause_ > absl::ZeroDuration()) absl::SleepFor(pause_);
    const puzzle::Puzzle& p = *puzzles[static_cast<size_t>(i) % puzzles.size()];
    v2::SolveRequest request;
    request.set_puzzle(p.info().name);
    request.set_start(Reference::RandomBoard(p.info().name, rng_));
    if (p.info().has_goal) request.set_goal(Reference::RandomBoard(p.info().name, rng_));
    const absl::Time start = absl::Now();
    const absl::Status check = mode_ == Mode::kUnary ? Unary(request) : Stream(request);
    const absl::Duration latency = absl::Now() - start;
    if (check.ok()) {
      samples.push_back(latency);
    } else {
      ++errors;
      if (first_error.empty()) first_error = std::string(check.message());
    }
  }
  return Summarize(std::move(samples), errors, std::move(first_error));
}

}  // namespace abuse

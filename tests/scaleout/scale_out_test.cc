// Scale-out and failover: three replicas of the real server binary on loopback, and one client
// channel that balances over them with gRPC's built-in round_robin policy and retries UNAVAILABLE
// (and CANCELLED, see kServiceConfig) as its service config says: the config the README gives
// Kubernetes clients. Under continuous load from several threads, bounded in count and time, one
// replica is stopped with SIGTERM (it drains and exits 0) and another is killed with SIGKILL.
//
// Passes when every query is answered and every answer equals in-process reconstruction from the
// same table, each replica served a fair share before the kills, and the survivors shared the
// load after them, and every retry (an attempt beyond the first, from gRPC's own channelz
// counters) followed a failed attempt, none of them on the survivor. Prints the queries answered,
// the retries and the time to recover from each stop.

#include <grpc/grpc.h>
#include <grpc/support/alloc.h>
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace api = ::puzzleoracle::v1;

constexpr char kTablesDir[] = "data";
constexpr int kReplicas = 3;
constexpr int kThreads = 4;
// Answers to wait for in each phase: before the stops, after SIGTERM, after SIGKILL.
constexpr int64_t kAnswersPerPhase = 10000;
// Bounds on the load, whatever happens: it stops by itself after this many calls or this long.
constexpr int64_t kMaxCalls = 100000;
constexpr absl::Duration kMaxLoadTime = absl::Seconds(90);
constexpr absl::Duration kCallDeadline = absl::Seconds(10);
// A replica's share of the calls before the stops must be within 20% of an even share.
constexpr double kFairShareTolerance = 0.2;

// What a client of the service should use (README, "Deployment"): spread calls over every
// resolved address, and retry a call that failed with UNAVAILABLE (its replica went away before
// answering) on another replica. CANCELLED is retried too: a call that reaches a replica after
// its SIGTERM began shutting the server down, but before the client saw the GOAWAY, is answered
// CANCELLED by gRPC itself, without running the handler (gRPC issue 41785). Every method is
// idempotent, so a retry is always safe.
constexpr char kServiceConfig[] = R"json({
  "loadBalancingConfig": [{"round_robin": {}}],
  "methodConfig": [{
    "name": [{"service": "puzzleoracle.v1.EightPuzzle"}],
    "retryPolicy": {
      "maxAttempts": 4,
      "initialBackoff": "0.01s",
      "maxBackoff": "0.3s",
      "backoffMultiplier": 2,
      "retryableStatusCodes": ["UNAVAILABLE", "CANCELLED"]
    }
  }]
})json";

struct CheckedQuery {
  api::SolveRequest request;
  puzzle::OracleResult want;
};

// `count` random start/goal pairs (about half unsolvable) plus the README's example, each with
// its answer reconstructed in-process from the table file.
std::vector<CheckedQuery> MakeQueries(puzzle::Oracle& reference, int count) {
  std::mt19937_64 rng(20240606);
  std::vector<puzzle::QueryText> pairs = {{"564178X23", "7568X4123"}};
  while (static_cast<int>(pairs.size()) < count) {
    std::string start = "12345678X", goal = "12345678X";
    std::shuffle(start.begin(), start.end(), rng);
    std::shuffle(goal.begin(), goal.end(), rng);
    pairs.push_back({start, goal});
  }
  absl::StatusOr<std::vector<puzzle::OracleResult>> answers = reference.SolveMany(pairs);
  std::vector<CheckedQuery> queries;
  if (!answers.ok()) return queries;
  for (size_t i = 0; i < pairs.size(); ++i) {
    CheckedQuery q;
    q.request.set_start(pairs[i].start);
    q.request.set_goal(pairs[i].goal);
    q.want = (*answers)[i];
    queries.push_back(std::move(q));
  }
  return queries;
}

// ---- gRPC's channelz counters, read through its C API (JSON) ----

std::string TakeJson(char* json) {
  std::string text = json == nullptr ? "" : json;
  gpr_free(json);
  return text;
}

// Every value of `"key":"value"` in `json`, in order. Channelz writes ids and counters as JSON
// strings and leaves out counters that are zero.
std::vector<std::string> JsonStrings(absl::string_view json, absl::string_view key) {
  const std::string needle = absl::StrCat("\"", key, "\":\"");
  std::vector<std::string> values;
  for (size_t at = json.find(needle); at != absl::string_view::npos; at = json.find(needle, at)) {
    at += needle.size();
    const size_t end = json.find('"', at);
    if (end == absl::string_view::npos) break;
    values.emplace_back(json.substr(at, end - at));
  }
  return values;
}

int64_t JsonCount(absl::string_view json, absl::string_view key) {
  const std::vector<std::string> values = JsonStrings(json, key);
  int64_t n = 0;
  if (values.empty() || !absl::SimpleAtoi(values[0], &n)) return 0;
  return n;
}

struct CallCounts {
  int64_t started = 0;
  int64_t succeeded = 0;
  int64_t failed = 0;
};

CallCounts CountsOf(absl::string_view json) {
  return {JsonCount(json, "callsStarted"), JsonCount(json, "callsSucceeded"),
          JsonCount(json, "callsFailed")};
}

struct ChannelzCounts {
  // Calls the application made on the channel.
  CallCounts calls;
  // Attempts sent to each subchannel, by address ("ipv4:127.0.0.1:PORT"). Every retry, and every
  // transparent retry of a stream refused by a GOAWAY, is one more attempt.
  std::map<std::string, CallCounts> attempts;
};

// The counters of the channel whose target is `target`. Error when there is none.
absl::StatusOr<ChannelzCounts> ReadChannelz(const std::string& target) {
  const std::string top = TakeJson(grpc_channelz_get_top_channels(0));
  for (const std::string& id : JsonStrings(top, "channelId")) {
    int64_t channel_id = 0;
    if (!absl::SimpleAtoi(id, &channel_id)) continue;
    const std::string channel = TakeJson(grpc_channelz_get_channel(channel_id));
    const std::vector<std::string> targets = JsonStrings(channel, "target");
    if (targets.empty() || targets[0] != target) continue;
    ChannelzCounts counts;
    counts.calls = CountsOf(channel);
    // Subchannels are named in the channel's subchannelRef list and again in its trace events.
    const std::vector<std::string> refs = JsonStrings(channel, "subchannelId");
    for (const std::string& ref : std::set<std::string>(refs.begin(), refs.end())) {
      int64_t subchannel_id = 0;
      if (!absl::SimpleAtoi(ref, &subchannel_id)) continue;
      const std::string subchannel = TakeJson(grpc_channelz_get_subchannel(subchannel_id));
      const std::vector<std::string> address = JsonStrings(subchannel, "target");
      if (address.empty()) continue;
      CallCounts& c = counts.attempts[address[0]];
      const CallCounts more = CountsOf(subchannel);
      c.started += more.started;
      c.succeeded += more.succeeded;
      c.failed += more.failed;
    }
    return counts;
  }
  return absl::NotFoundError(absl::StrCat("channelz has no channel to ", target, ": ", top));
}

// Samples the channel's per-replica attempt counters every millisecond while the load runs, to
// tell when the client stopped sending attempts to a replica.
class ChannelzSampler {
 public:
  // `now_ns` is the load's clock.
  ChannelzSampler(std::string target, std::vector<std::string> peers,
                  std::function<int64_t()> now_ns)
      : target_(std::move(target)), peers_(std::move(peers)), now_ns_(std::move(now_ns)) {}

  void Start() {
    thread_ = std::thread([this] {
      while (!stop_.load()) {
        TakeSample();
        absl::SleepFor(absl::Milliseconds(1));
      }
    });
  }

  // Stops sampling and takes the final sample.
  void Stop() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
    TakeSample();
  }

  // The time of the first sample after the last change of `replica`'s attempt counters (started
  // or failed), or `from_ns` when they did not change after it. REQUIRES: Stop() was called.
  int64_t LastAttemptNs(int replica, int64_t from_ns) const {
    if (samples_.empty()) return from_ns;
    const CallCounts& last = samples_.back().attempts[replica];
    int64_t settled_ns = from_ns;
    for (size_t i = 1; i < samples_.size(); ++i) {
      const CallCounts& before = samples_[i - 1].attempts[replica];
      if (before.started != last.started || before.failed != last.failed) {
        settled_ns = std::max(settled_ns, samples_[i].t_ns);
      }
    }
    return settled_ns;
  }

 private:
  struct Sample {
    int64_t t_ns;
    std::vector<CallCounts> attempts;  // by replica
  };

  void TakeSample() {
    absl::StatusOr<ChannelzCounts> counts = ReadChannelz(target_);
    if (!counts.ok()) return;
    Sample sample{now_ns_(), std::vector<CallCounts>(peers_.size())};
    for (size_t r = 0; r < peers_.size(); ++r) sample.attempts[r] = counts->attempts[peers_[r]];
    samples_.push_back(std::move(sample));
  }

  const std::string target_;
  const std::vector<std::string> peers_;
  const std::function<int64_t()> now_ns_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::vector<Sample> samples_;  // written by thread_ until Stop()
};

// ---- the load ----

using Clock = std::chrono::steady_clock;

struct Call {
  int64_t start_ns;
  int64_t end_ns;
  int replica;  // index into the replicas, -1 for an unknown peer, -2 for a failed call
};

// Checked calls over one shared channel from several threads. Thread-safe.
class Load {
 public:
  Load(std::shared_ptr<grpc::Channel> channel, const std::vector<CheckedQuery>* queries,
       std::vector<std::string> peers)
      : stub_(api::EightPuzzle::NewStub(channel)),
        queries_(queries),
        peers_(std::move(peers)),
        epoch_(Clock::now()) {}

  int64_t NowNs() const {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - epoch_).count();
  }

  // Makes one checked Solve call and appends it to `log`. False when the count bound is reached.
  bool CallOnce(std::mt19937_64& rng, std::vector<Call>* log) {
    if (issued_.fetch_add(1) >= kMaxCalls) return false;
    const CheckedQuery& q = (*queries_)[rng() % queries_->size()];
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + kCallDeadline));
    api::SolveResponse got;
    const int64_t start = NowNs();
    const grpc::Status status = stub_->Solve(&context, q.request, &got);
    const int64_t end = NowNs();
    if (!status.ok()) {
      failed_.fetch_add(1);
      Note(absl::StrFormat("%s -> %s: lost: %d %s (peer %s)", q.request.start(), q.request.goal(),
                           status.error_code(), status.error_message(), context.peer()));
      log->push_back({start, end, -2});
      return true;
    }
    if (got.solvable() != q.want.answer.solvable || got.distance() != q.want.answer.distance ||
        got.moves() != q.want.answer.moves) {
      wrong_.fetch_add(1);
      Note(absl::StrFormat("%s -> %s: wrong: got (%d, %d, \"%s\"), want (%d, %d, \"%s\")",
                           q.request.start(), q.request.goal(), got.solvable(), got.distance(),
                           got.moves(), q.want.answer.solvable, q.want.answer.distance,
                           q.want.answer.moves));
    }
    const std::string peer = context.peer();
    int replica = -1;
    for (size_t r = 0; r < peers_.size(); ++r) {
      if (peers_[r] == peer) replica = static_cast<int>(r);
    }
    if (replica < 0) Note(absl::StrCat("answer from an unknown peer: ", peer));
    log->push_back({start, end, replica});
    answered_.fetch_add(1);
    return true;
  }

  // Runs `threads` client threads until Stop(), the count bound or the time bound.
  void Start(int threads, absl::Duration max_time) {
    const int64_t deadline_ns = NowNs() + absl::ToInt64Nanoseconds(max_time);
    logs_.resize(threads);
    for (int t = 0; t < threads; ++t) {
      threads_.emplace_back([this, t, deadline_ns] {
        std::mt19937_64 rng(1000 + t);
        while (!stop_.load() && NowNs() < deadline_ns && CallOnce(rng, &logs_[t])) {
        }
      });
    }
  }

  void Stop() {
    stop_.store(true);
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  // Waits until `count` calls were answered. False when the load ended first or `timeout` passed.
  bool WaitForAnswers(int64_t count, absl::Duration timeout) {
    const absl::Time deadline = absl::Now() + timeout;
    while (answered_.load() < count) {
      if (absl::Now() > deadline) return false;
      absl::SleepFor(absl::Milliseconds(1));
    }
    return true;
  }

  // Every call, from all threads (after Stop()), plus `extra`.
  std::vector<Call> AllCalls(const std::vector<Call>& extra) const {
    std::vector<Call> all = extra;
    for (const std::vector<Call>& log : logs_) all.insert(all.end(), log.begin(), log.end());
    return all;
  }

  int64_t issued() const { return std::min(issued_.load(), kMaxCalls); }
  int64_t answered() const { return answered_.load(); }
  int64_t failed() const { return failed_.load(); }
  int64_t wrong() const { return wrong_.load(); }
  std::vector<std::string> notes() {
    std::lock_guard<std::mutex> lock(mu_);
    return notes_;
  }

 private:
  void Note(std::string text) {
    std::lock_guard<std::mutex> lock(mu_);
    if (notes_.size() < 10) notes_.push_back(std::move(text));
  }

  const std::unique_ptr<api::EightPuzzle::Stub> stub_;
  const std::vector<CheckedQuery>* const queries_;
  const std::vector<std::string> peers_;
  const Clock::time_point epoch_;
  std::atomic<int64_t> issued_{0};
  std::atomic<int64_t> answered_{0};
  std::atomic<int64_t> failed_{0};
  std::atomic<int64_t> wrong_{0};
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
  std::vector<std::vector<Call>> logs_;  // one per thread
  std::mutex mu_;  // std::mutex: visible to ThreadSanitizer, unlike Debian's Abseil
  std::vector<std::string> notes_;  // guarded by mu_
};

// Calls that started at or after `from_ns` and ended before `to_ns`, counted by replica.
std::vector<int64_t> CountByReplica(const std::vector<Call>& calls, int64_t from_ns,
                                    int64_t to_ns) {
  std::vector<int64_t> counts(kReplicas, 0);
  for (const Call& c : calls) {
    if (c.start_ns >= from_ns && c.end_ns < to_ns && c.replica >= 0) ++counts[c.replica];
  }
  return counts;
}

std::string Shares(const std::vector<int64_t>& counts) {
  int64_t total = 0;
  for (int64_t n : counts) total += n;
  std::vector<std::string> parts;
  for (size_t r = 0; r < counts.size(); ++r) {
    parts.push_back(absl::StrFormat("replica %d: %d (%.1f%%)", r, counts[r],
                                    total == 0 ? 0.0 : 100.0 * counts[r] / total));
  }
  return absl::StrJoin(parts, ", ");
}

int64_t LatencyPercentileNs(const std::vector<Call>& calls, int64_t from_ns, int64_t to_ns,
                            double p) {
  std::vector<int64_t> latencies;
  for (const Call& c : calls) {
    if (c.start_ns >= from_ns && c.end_ns < to_ns) latencies.push_back(c.end_ns - c.start_ns);
  }
  if (latencies.empty()) return 0;
  std::sort(latencies.begin(), latencies.end());
  return latencies[static_cast<size_t>(p * (latencies.size() - 1))];
}

// Time to recover from a stop signalled at `signal_ns`: until the client had sent its last
// attempt to the stopped replica (`last_attempt_ns`, from channelz) and every call started by
// then, any of which may have gone there, failed and been retried elsewhere, was answered.
int64_t RecoveryNs(const std::vector<Call>& calls, int64_t signal_ns, int64_t last_attempt_ns) {
  int64_t last_end = std::max(signal_ns, last_attempt_ns);
  for (const Call& c : calls) {
    if (c.start_ns <= last_attempt_ns && c.end_ns >= signal_ns) {
      last_end = std::max(last_end, c.end_ns);
    }
  }
  return last_end - signal_ns;
}

double Ms(int64_t ns) { return ns / 1e6; }

TEST(ScaleOutTest, RoundRobinSpreadsTheLoadAndRetriesRideOverSigtermAndSigkill) {
  absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> eight =
      puzzle::LoadPuzzle(*puzzle::FindPuzzle("eight"), kTablesDir);
  ASSERT_TRUE(eight.ok()) << eight.status();
  puzzle::SolverOracle reference(&(*eight)->solver());
  const std::vector<CheckedQuery> queries = MakeQueries(reference, 4096);
  ASSERT_EQ(queries.size(), 4096u);
  ASSERT_EQ(queries[0].want.answer.distance, 8);
  ASSERT_EQ(queries[0].want.answer.moves, "urrulldr");

  // 1. Three replicas on loopback ports the kernel picks.
  std::vector<std::unique_ptr<ServerProcess>> replicas;
  std::vector<std::string> addresses, peers;
  for (int r = 0; r < kReplicas; ++r) {
    absl::StatusOr<std::unique_ptr<ServerProcess>> started =
        ServerProcess::Start({"--address=127.0.0.1:0", std::string("--tables_dir=") + kTablesDir,
                              "--shutdown_grace=5s"});
    ASSERT_TRUE(started.ok()) << started.status();
    addresses.push_back((*started)->address());
    peers.push_back("ipv4:" + (*started)->address());
    replicas.push_back(*std::move(started));
  }

  // 2. One channel over the three addresses; gRPC balances and retries.
  const std::string target = "ipv4:" + absl::StrJoin(addresses, ",");
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(kServiceConfig);
  std::shared_ptr<grpc::Channel> channel =
      grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args);
  ASSERT_TRUE(channel->WaitForConnected(absl::ToChronoTime(absl::Now() + absl::Seconds(10))));

  Load load(channel, &queries, peers);
  // Round robin starts on the first subchannel that connects; warm up until all three answered,
  // so the fair-share window below sees the steady rotation.
  std::vector<Call> warmup;
  {
    std::mt19937_64 rng(1);
    std::set<int> seen;
    for (int i = 0; i < 1000 && seen.size() < kReplicas; ++i) {
      ASSERT_TRUE(load.CallOnce(rng, &warmup));
      if (warmup.back().replica >= 0) seen.insert(warmup.back().replica);
    }
    ASSERT_EQ(seen.size(), static_cast<size_t>(kReplicas)) << "not every replica answered";
  }

  // 3. Continuous load; SIGTERM replica 0, then SIGKILL replica 1; replica 2 survives.
  const int64_t load_start_ns = load.NowNs();
  const int64_t warmup_answers = load.answered();
  ChannelzSampler sampler(target, peers, [&load] { return load.NowNs(); });
  sampler.Start();
  load.Start(kThreads, kMaxLoadTime);

  const bool phase1 = load.WaitForAnswers(warmup_answers + kAnswersPerPhase, absl::Seconds(60));
  const int64_t term_ns = load.NowNs();
  const int term_exit = replicas[0]->Stop(SIGTERM);
  const int64_t term_exited_ns = load.NowNs();

  const bool phase2 =
      phase1 && load.WaitForAnswers(load.answered() + kAnswersPerPhase, absl::Seconds(60));
  const int64_t kill_ns = load.NowNs();
  const int kill_exit = replicas[1]->Stop(SIGKILL);
  const int64_t kill_exited_ns = load.NowNs();

  const bool phase3 =
      phase2 && load.WaitForAnswers(load.answered() + kAnswersPerPhase, absl::Seconds(60));
  load.Stop();
  sampler.Stop();
  const int64_t end_ns = load.NowNs();

  absl::StatusOr<ChannelzCounts> channelz = ReadChannelz(target);
  const int survivor_exit = replicas[2]->Stop(SIGTERM);

  // 4. Checks.
  EXPECT_TRUE(phase1 && phase2 && phase3)
      << "the load ended before every phase had its answers (issued " << load.issued()
      << ", answered " << load.answered() << ")";
  EXPECT_EQ(load.failed(), 0) << absl::StrJoin(load.notes(), "\n");
  EXPECT_EQ(load.wrong(), 0) << absl::StrJoin(load.notes(), "\n");
  EXPECT_EQ(load.answered(), load.issued()) << absl::StrJoin(load.notes(), "\n");
  EXPECT_EQ(term_exit, 0) << replicas[0]->Stderr();
  EXPECT_NE(replicas[0]->Stderr().find("SIGTERM received; NOT_SERVING"), std::string::npos)
      << replicas[0]->Stderr();
  EXPECT_EQ(kill_exit, 128 + SIGKILL);
  EXPECT_EQ(survivor_exit, 0) << replicas[2]->Stderr();

  const std::vector<Call> calls = load.AllCalls(warmup);
  int64_t unknown_peer = 0;
  for (const Call& c : calls) unknown_peer += c.replica == -1;
  EXPECT_EQ(unknown_peer, 0) << absl::StrJoin(load.notes(), "\n");

  // Every replica served a fair share before the stops.
  const std::vector<int64_t> before = CountByReplica(calls, load_start_ns, term_ns);
  const int64_t before_total = before[0] + before[1] + before[2];
  for (int r = 0; r < kReplicas; ++r) {
    const double share = before_total == 0 ? 0.0 : static_cast<double>(before[r]) / before_total;
    EXPECT_GE(share, (1.0 - kFairShareTolerance) / kReplicas) << Shares(before);
    EXPECT_LE(share, (1.0 + kFairShareTolerance) / kReplicas) << Shares(before);
  }
  // Between the stops the two live replicas shared the load, and the stopped one got none.
  const std::vector<int64_t> between = CountByReplica(calls, term_exited_ns, kill_ns);
  EXPECT_EQ(between[0], 0) << Shares(between);
  const int64_t between_total = between[1] + between[2];
  for (int r = 1; r < kReplicas; ++r) {
    const double share = between_total == 0 ? 0.0 : static_cast<double>(between[r]) / between_total;
    EXPECT_GE(share, (1.0 - kFairShareTolerance) / 2) << Shares(between);
  }
  // After the SIGKILL the survivor answered everything.
  const std::vector<int64_t> after = CountByReplica(calls, kill_exited_ns, end_ns + 1);
  EXPECT_EQ(after[0] + after[1], 0) << Shares(after);
  EXPECT_GT(after[2], 0);

  // Time to recover from each stop.
  const int64_t p50_ns = LatencyPercentileNs(calls, load_start_ns, term_ns, 0.50);
  const int64_t p99_ns = LatencyPercentileNs(calls, load_start_ns, term_ns, 0.99);
  const int64_t term_recovery_ns = RecoveryNs(calls, term_ns, sampler.LastAttemptNs(0, term_ns));
  const int64_t kill_recovery_ns = RecoveryNs(calls, kill_ns, sampler.LastAttemptNs(1, kill_ns));
  EXPECT_LT(term_recovery_ns, 5'000'000'000);
  EXPECT_LT(kill_recovery_ns, 5'000'000'000);

  // Retries: attempts that reached a replica beyond one per call, from gRPC's own counters. How
  // many there are depends on which calls were in flight at each signal (often a few after the
  // SIGKILL, none after the SIGTERM), but not how they add up: every call succeeded, so each had
  // exactly one successful attempt, and every other attempt is a failed one that was retried
  // (a transparent retry of a stream refused by a GOAWAY too). And the survivor failed none.
  ASSERT_TRUE(channelz.ok()) << channelz.status();
  int64_t attempts = 0;
  int64_t failed_attempts = 0;
  int64_t succeeded_attempts = 0;
  std::vector<std::string> per_replica;
  for (int r = 0; r < kReplicas; ++r) {
    const CallCounts c = channelz->attempts[peers[r]];
    attempts += c.started;
    failed_attempts += c.failed;
    succeeded_attempts += c.succeeded;
    per_replica.push_back(
        absl::StrFormat("replica %d: %d attempts, %d failed", r, c.started, c.failed));
    // Every attempt ended (the load was stopped and every call returned) one way or the other.
    EXPECT_EQ(c.started, c.succeeded + c.failed) << per_replica.back();
  }
  const int64_t retries = attempts - channelz->calls.started;
  EXPECT_EQ(channelz->calls.started, load.issued());
  EXPECT_EQ(channelz->calls.succeeded, load.issued());
  EXPECT_EQ(channelz->calls.failed, 0);
  EXPECT_EQ(succeeded_attempts, channelz->calls.succeeded) << absl::StrJoin(per_replica, ", ");
  EXPECT_EQ(retries, failed_attempts) << absl::StrJoin(per_replica, ", ");
  EXPECT_EQ(channelz->attempts[peers[2]].failed, 0) << absl::StrJoin(per_replica, ", ");

  const std::string report = absl::StrFormat(
      "scale-out: %d replicas, %d client threads, round_robin with retries on UNAVAILABLE and "
      "CANCELLED\n"
      "scale-out: queries answered: %d of %d (all checked: %d wrong, %d lost) in %.2f s\n"
      "scale-out: latency before the stops: p50 %.3f ms, p99 %.3f ms\n"
      "scale-out: share before the stops: %s\n"
      "scale-out: share between SIGTERM (replica 0 exited %d in %.1f ms) and SIGKILL: %s\n"
      "scale-out: share after SIGKILL (replica 1): %s\n"
      "scale-out: retries: %d (channelz: %d calls, %d attempts; %s)\n"
      "scale-out: time to recover (from the signal until the last attempt sent to the stopped "
      "replica and every call started by then were answered): %.1f ms after SIGTERM, %.1f ms "
      "after SIGKILL\n",
      kReplicas, kThreads, load.answered(), load.issued(), load.wrong(), load.failed(),
      (end_ns - load_start_ns) / 1e9, Ms(p50_ns), Ms(p99_ns), Shares(before), term_exit,
      Ms(term_exited_ns - term_ns), Shares(between), Shares(after), retries,
      channelz->calls.started, attempts, absl::StrJoin(per_replica, ", "), Ms(term_recovery_ns),
      Ms(kill_recovery_ns));
  std::fputs(report.c_str(), stdout);
  std::fflush(stdout);
  RecordProperty("queries_answered", static_cast<int>(load.answered()));
  RecordProperty("retries", static_cast<int>(retries));
  RecordProperty("recovery_ms_sigterm", static_cast<int>(Ms(term_recovery_ns)));
  RecordProperty("recovery_ms_sigkill", static_cast<int>(Ms(kill_recovery_ns)));
}

}  // namespace
}  // namespace tests

// The security review's findings (issue 12, "Hardening II"), each attacked against the real
// server binary as a hostile client would, with a well-behaved client checking every answer
// meanwhile. Every scenario starts its own server (small limits where that makes the run short),
// runs its attacks once through RunAttacks, and asserts the exact statuses and messages, that the
// good clients got every answer right, the server's RSS (sampled every 100 ms) under the
// deployment limit and its growth over idle under a tighter measured bound, and that the server
// is still SERVING afterwards and exits 0 on SIGTERM within its --shutdown_grace.
//
// Not here, already asserted against the real binary: finding 5, a FIFO as a table
// (server_e2e_test BadStartTest.AFifoIsRefusedAtOnceInsteadOfBlocking); finding 6, ports
// (BadStartTest.APortInUseIsRefusedNotShared: a second server on the same --address or HTTP
// port; BadStartTest.FlagsAreValidatedWithOneLineEach: port 99999, the same port for gRPC and
// HTTP); finding 1's unparsable stream message (ServerE2eTest.AnUnparsableStreamMessageEnds...);
// the exact HTTP error bodies on an idle server (http_e2e_test
// MethodsPathsAndBodiesGetPreciseErrors). The 60 s combined soak is tools/abuse_soak.sh.
//
// Under a sanitizer (SANITIZER set by --config=asan/ubsan/sanitize/tsan) RSS says nothing about the
// server (ASan's quarantine alone is 256 MiB): RSS is reported, not asserted.

#include <grpcpp/client_context.h>
#include <signal.h>
#include <string.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "tests/abuse/abuse_client.h"
#include "tests/abuse/attack_runner.h"
#include "tests/abuse/grpc_attacks.h"
#include "tests/abuse/oracle_http_attacks.h"
#include "tests/abuse/reference.h"
#include "tests/server_process.h"

namespace abuse {
namespace {

using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

constexpr char kTablesDir[] = "data";
constexpr int64_t kMiB = 1 << 20;
constexpr int64_t kDeploymentLimit = 1280 * kMiB;  // deploy/deployment.yaml
// The server's defaults that the scenarios rely on.
constexpr int kMaxBatch = 10000;
constexpr int kMaxMessage = kMaxBatch * 128 + 4096;  // 1,284,096
constexpr int kMaxStreams = 64;

bool UnderSanitizer() { return std::getenv("SANITIZER") != nullptr; }

const Reference& TheReference() {
  static const Reference* reference = [] {
    absl::StatusOr<std::unique_ptr<Reference>> r = Reference::Load(kTablesDir);
    if (!r.ok()) {
      ADD_FAILURE() << r.status();
      std::abort();
    }
    return r->release();
  }();
  return *reference;
}

std::unique_ptr<tests::ServerProcess> StartServer(const std::vector<std::string>& flags) {
  std::vector<std::string> args = {"--address=127.0.0.1:0",
                                   absl::StrCat("--tables_dir=", kTablesDir)};
  args.insert(args.end(), flags.begin(), flags.end());
  // EXTRA_FLAGS (space-separated) are added to every server's flags, to try other limits:
  //   bazel test //tests/abuse:server_abuse_test --test_env=EXTRA_FLAGS=--grpc_memory_mib=32
  if (const char* extra = std::getenv("EXTRA_FLAGS")) {
    for (absl::string_view f : absl::StrSplit(extra, ' ', absl::SkipEmpty())) args.emplace_back(f);
  }
  absl::StatusOr<std::unique_ptr<tests::ServerProcess>> server = tests::ServerProcess::Start(args);
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

// Asserts what every scenario ends with: the good clients got every answer right, RSS stayed
// under the deployment limit and `bound`, and the server is SERVING, answers a solve right, and
// exits 0 on SIGTERM within `grace` (plus 1 s for the process to go).
void ExpectGoodClientsServed(const RunReport& report) {
  for (const GoodClientReport& good : report.other_good_clients) {
    SCOPED_TRACE(good.name);
    EXPECT_EQ(good.under_attack.errors, 0) << good.under_attack.first_error;
    EXPECT_GT(good.under_attack.requests, 0);
  }
  if (report.measured_http) {
    EXPECT_EQ(report.under_attack.errors, 0) << report.under_attack.first_error;
    EXPECT_GT(report.under_attack.requests, 0);
  }
}

// RSS is asserted as growth over the server's RSS before the attacks (which holds its mapped
// tables, the 15-puzzle's 63 MB among them): `growth` bounds it, and the deployment limit bounds
// the whole.
void ExpectMemoryWithin(const RunReport& report, int64_t growth) {
  ASSERT_TRUE(report.sampled_memory);
  if (UnderSanitizer()) return;
  const int64_t before = report.memory_before.rss_bytes;
  const int64_t peak = std::max(report.max_rss_bytes, report.memory_after.peak_rss_bytes);
  EXPECT_LT(peak, kDeploymentLimit) << "peak RSS " << peak / kMiB << " MiB";
  EXPECT_LT(peak - before, growth)
      << "peak RSS " << peak / kMiB << " MiB, " << before / kMiB << " MiB before the attacks";
}

void ExpectServingThenStop(tests::ServerProcess& server, absl::Duration grace) {
  auto channel = NewConnection(server.address(), 1);
  {
    auto health = grpc::health::v1::Health::NewStub(channel);
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
    HealthCheckResponse response;
    ASSERT_TRUE(health->Check(&context, HealthCheckRequest(), &response).ok());
    EXPECT_EQ(response.status(), HealthCheckResponse::SERVING);
  }
  GoodGrpcClient good(server.address(), &TheReference(), 99);
  const LatencySummary after = good.Measure(absl::Now() + absl::Seconds(10), 10);
  EXPECT_EQ(after.requests, 10) << after.first_error;
  absl::Duration took;
  EXPECT_EQ(server.Stop(SIGTERM, grace + absl::Seconds(10), &took), 0) << server.Stderr();
  EXPECT_LT(took, grace + absl::Seconds(1));
}

// The sum of the samples of `metric` whose labels include every one of `labels`
// ({"code", "DEADLINE_EXCEEDED"} matches code="DEADLINE_EXCEEDED").
int64_t MetricSum(const std::string& metrics_text, absl::string_view metric,
                  const std::map<std::string, std::string>& labels) {
  double sum = 0;
  for (absl::string_view line : absl::StrSplit(metrics_text, '\n')) {
    if (!absl::StartsWith(line, absl::StrCat(metric, "{"))) continue;
    bool all = true;
    for (const auto& [name, value] : labels) {
      all &= absl::StrContains(line, absl::StrCat(name, "=\"", value, "\""));
    }
    double value = 0;
    if (all && absl::SimpleAtod(line.substr(line.rfind(' ') + 1), &value)) sum += value;
  }
  return static_cast<int64_t>(sum);
}

std::string Metrics(const std::string& http_address) {
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(http_address);
  if (!conn.ok()) return "";
  if (!(*conn)->Write(FormatRequest("GET", "/metrics")).ok()) return "";
  absl::StatusOr<HttpReply> reply = (*conn)->ReadResponse();
  return reply.ok() ? reply->body : "";
}

int64_t GrpcRequests(const std::string& metrics_text, const std::string& method,
                     const std::string& code) {
  return MetricSum(metrics_text, "puzzle_oracle_requests_total",
                   {{"transport", "grpc"}, {"method", method}, {"code", code}});
}

GrpcAttackOptions GrpcOptions(const tests::ServerProcess& server) {
  GrpcAttackOptions options;
  options.address = server.address();
  options.reference = &TheReference();
  options.rounds = 1;
  return options;
}

// The rounds an attack ran (the number its "rounds" line starts with), checked against the
// `asked` rounds: all of them, except that under a sanitizer (several times slower, and a run is
// bounded in time) at least one. The callers check their counts per round run.
int RoundsRun(const AttackReport& report, int asked) {
  const std::string line = report.Get("rounds");
  int rounds = 0;
  if (!absl::SimpleAtoi(line.substr(0, line.find(' ')), &rounds)) {
    ADD_FAILURE() << report.attack << ": rounds line \"" << line << "\" has no number";
  }
  if (UnderSanitizer()) {
    EXPECT_GE(rounds, 1) << report.attack;
    EXPECT_LE(rounds, asked) << report.attack;
  } else {
    EXPECT_EQ(rounds, asked) << report.attack;
  }
  return rounds;
}

RunOptions QuickRun(const tests::ServerProcess& server, absl::Duration duration,
                    GoodGrpcClient* good) {
  RunOptions run;
  run.duration = duration;
  run.warmup = absl::Milliseconds(200);
  run.baseline_requests = 20;
  run.server_pid = server.pid();
  run.other_good_clients = {good};
  return run;
}

std::vector<std::unique_ptr<Attack>> Attacks(std::unique_ptr<Attack> a,
                                             std::unique_ptr<Attack> b = nullptr) {
  std::vector<std::unique_ptr<Attack>> attacks;
  attacks.push_back(std::move(a));
  if (b != nullptr) attacks.push_back(std::move(b));
  return attacks;
}

// The attack's outcome counts, for a failure message.
std::string Counts(const AttackReport& report) {
  std::string out;
  for (const auto& [outcome, n] : report.counts) absl::StrAppend(&out, "\n  ", n, " x ", outcome);
  return out;
}

// The number of outcomes counted, all kinds together.
int64_t TotalCount(const AttackReport& report) {
  int64_t total = 0;
  for (const auto& [outcome, n] : report.counts) total += n;
  return total;
}

// The outcomes `attack` counted that start with `prefix`, all kinds together.
int64_t CountStartingWith(const AttackReport& report, absl::string_view prefix) {
  int64_t n = 0;
  for (const auto& [outcome, count] : report.counts) {
    if (absl::StartsWith(outcome, prefix)) n += count;
  }
  return n;
}

// For a good stream client that the attack's streams may lock out until the server ends them:
// it was served, and refused only for want of a stream place.
void ExpectServedOnceStreamPlacesFreed(const LatencySummary& served) {
  EXPECT_GT(served.requests, served.errors) << served.first_error;
  if (served.errors > 0) {
    EXPECT_TRUE(absl::StartsWith(served.first_error, "RESOURCE_EXHAUSTED: too many streams"))
        << served.first_error;
  }
}

const std::string& TooManyStreams() {
  static const std::string* text = new std::string(
      absl::StrCat("stream refused: RESOURCE_EXHAUSTED: too many streams: ", kMaxStreams,
                   " are open on this server (--max_streams); retry later or use SolveBatch"));
  return *text;
}

// Finding 3: streams that send and never read. The server admits --max_streams of them
// (RESOURCE_EXHAUSTED naming the flag for the others) and cancels the ones whose answer it
// cannot write for --stream_write_timeout: 100 streams on one connection, then 160 over 8
// connections, each message 1,000 boards (26 KB; answers of about 30 KB). The client announces a
// 64 KiB window per stream and never reads, so the server's third answer stalls. (With gRPC's
// default, growing windows, see StreamsThatNeverReadAreEndedWhateverTheClientsWindow below.)
TEST(ServerAbuseTest, StreamsThatNeverReadAreCappedAndCancelled) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--stream_write_timeout=1s", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  for (const auto& [connections, per_connection] : {std::pair{1, 100}, std::pair{8, 20}}) {
    SCOPED_TRACE(absl::StrCat(connections, " connections x ", per_connection, " streams"));
    GrpcAttackOptions options = GrpcOptions(*server);
    options.stream_connections = connections;
    options.streams_per_connection = per_connection;
    options.items_per_message = 1000;
    options.max_messages_per_stream = 400;
    options.stream_window_bytes = 64 << 10;
    // The stall is seen at 0.5 s; then 1 s of --stream_write_timeout and up to 1 s more for
    // the server's watchdog: measured 1.5 to 2.6 s after the round began.
    options.stream_hold = absl::Seconds(4);
    const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("streams", options)),
                                        QuickRun(*server, absl::Seconds(5), &good));
    std::cout << report.ToString();
    const AttackReport& streams = report.attacks[0];
    const int total = connections * per_connection;
    EXPECT_EQ(streams.CountOf(TooManyStreams()), total - kMaxStreams) << Counts(streams);
    // Ended by the server: by its stream watchdog (CANCELLED), or, when the executor's memory
    // bound is full, "message N: the server is busy ... (--request_memory_mib)", or under gRPC's
    // own memory pressure (--grpc_memory_mib) reset by gRPC (RST_STREAM code 11).
    // Under a sanitizer this check is left to the -c opt run: the server runs several times
    // slower there, and on a loaded 2-core machine some streams were still open after the hold
    // whatever its length (4 to 10 of 64 at 15 s; 2 in CI at 4 s). The attack still runs, for
    // ASan and UBSan to see its code paths, and every check below still applies.
    if (!UnderSanitizer()) {
      EXPECT_EQ(
          streams.CountOf("stream ended by the server: CANCELLED: Cancelled on the server side") +
              CountStartingWith(streams, "stream ended by the server: RESOURCE_EXHAUSTED: "),
          kMaxStreams)
          << Counts(streams);
    }
    EXPECT_EQ(TotalCount(streams) - streams.CountOf("stream stalled (a write not taken for 500ms)"),
              total)
        << "no other outcome" << Counts(streams);
    ExpectGoodClientsServed(report);
    // Measured: 18 MiB over idle. (Before the server turned gRPC's BDP probe off, 125 to
    // 177 MiB: gRPC grew each stream's receive window and buffered about 2 MB of unread
    // requests per stream.)
    ExpectMemoryWithin(report, 48 * kMiB);
  }
  ExpectServingThenStop(*server, grace);
}

// Finding 3: a SolveBatch of empty items at and over every limit, from 4 connections at once.
// The batch limit is counted on the wire before anything is parsed, so a message of
// --max_message_size bytes (642,043 empty items) costs no more than its bytes; exactly
// --max_batch_size empty items are answered, each with its own error; one byte over the message
// size is gRPC's RESOURCE_EXHAUSTED.
TEST(ServerAbuseTest, BatchesOfEmptyItemsAreRefusedOnTheWire) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  GrpcAttackOptions options = GrpcOptions(*server);
  options.batch_threads = 4;
  options.rounds = 2;
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("empty_batches", options)),
                                      QuickRun(*server, absl::Seconds(3), &good));
  std::cout << report.ToString();
  const AttackReport& batches = report.attacks[0];
  const int rounds = RoundsRun(batches, options.rounds);
  const int calls = options.batch_threads * rounds;
  // v2: the 7 bytes of `puzzle: "eight"`, one 5-byte item (id 128) for the parity, then 2-byte
  // items; v1 has no puzzle field.
  const int v2_items = 1 + (kMaxMessage - 7 - 5) / 2;
  const int v1_items = kMaxMessage / 2;
  EXPECT_EQ(
      batches.CountOf(absl::StrCat(
          "v2 SolveBatch, ", kMaxMessage, " bytes of empty items: INVALID_ARGUMENT: batch has ",
          v2_items, " items; the server's limit is ", kMaxBatch, " (--max_batch_size)")),
      calls)
      << Counts(batches);
  EXPECT_EQ(batches.CountOf(absl::StrCat("v1 EightPuzzle SolveBatch, ", kMaxMessage,
                                         " bytes of empty items: INVALID_ARGUMENT: batch has ",
                                         v1_items, " items; the server's limit is ", kMaxBatch,
                                         " (--max_batch_size)")),
            calls)
      << Counts(batches);
  EXPECT_EQ(batches.CountOf(absl::StrCat("v2 SolveBatch, ", kMaxBatch, " empty items: OK")), calls)
      << Counts(batches);
  EXPECT_EQ(batches.CountOf(absl::StrCat("v2 SolveBatch, ", kMaxMessage + 1,
                                         " bytes: RESOURCE_EXHAUSTED: Received message larger "
                                         "than max (",
                                         kMaxMessage + 1, " vs. ", kMaxMessage, ")")),
            calls)
      << Counts(batches);
  EXPECT_EQ(batches.CountOf("wrong answer"), 0) << Counts(batches);
  EXPECT_EQ(TotalCount(batches), 4 * calls) << Counts(batches);
  ExpectGoodClientsServed(report);
  ExpectMemoryWithin(report, 48 * kMiB);
  ExpectServingThenStop(*server, grace);
}

// Findings 1 and 7: a stream message with a string that is not UTF-8 ends the stream with
// INVALID_ARGUMENT naming the message, after the answers to the messages before it (v1
// EightPuzzle, v1 RotationGame, v2); a unary call with such bytes is INVALID_ARGUMENT naming the
// field, never UNIMPLEMENTED; and /metrics counts each under INVALID_ARGUMENT.
TEST(ServerAbuseTest, BadUtf8EndsStreamsAfterTheirAnswersAndIsCountedAsInvalidArgument) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--http_address=127.0.0.1:0", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  GrpcAttackOptions options = GrpcOptions(*server);
  options.rounds = 3;
  options.repeat_pause = absl::Milliseconds(50);
  const std::string before = Metrics(server->http_address());
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("bad_utf8", options)),
                                      QuickRun(*server, absl::Seconds(2), &good));
  std::cout << report.ToString();
  const AttackReport& bad = report.attacks[0];
  const std::vector<std::string> expected = {
      "stream /puzzleoracle.v1.EightPuzzle/SolveStream: 2 answers, then INVALID_ARGUMENT: "
      "message 3: request is not a valid puzzleoracle.v1.SolveStreamRequest: items[0].start is "
      "not valid UTF-8 (byte 5)",
      "stream /puzzleoracle.v1.RotationGame/SolveStream: 2 answers, then INVALID_ARGUMENT: "
      "message 3: request is not a valid puzzleoracle.v1.RotationSolveStreamRequest: "
      "items[0].board is not valid UTF-8 (byte 23)",
      "stream /puzzleoracle.v2.PuzzleOracle/SolveStream: 2 answers, then INVALID_ARGUMENT: "
      "message 3: request is not a valid puzzleoracle.v2.SolveStreamRequest: items[0].start is "
      "not valid UTF-8 (byte 5)",
      "unary /puzzleoracle.v1.EightPuzzle/Solve: INVALID_ARGUMENT: request is not a valid "
      "puzzleoracle.v1.SolveRequest: start is not valid UTF-8 (byte 5)",
      "unary /puzzleoracle.v1.RotationGame/Solve: INVALID_ARGUMENT: request is not a valid "
      "puzzleoracle.v1.RotationSolveRequest: board is not valid UTF-8 (byte 23)",
      "unary /puzzleoracle.v2.PuzzleOracle/Solve: INVALID_ARGUMENT: request is not a valid "
      "puzzleoracle.v2.SolveRequest: start is not valid UTF-8 (byte 5)",
      "unary /puzzleoracle.v2.PuzzleOracle/SolveBatch: INVALID_ARGUMENT: request is not a valid "
      "puzzleoracle.v2.SolveBatchRequest: items[1].goal is not valid UTF-8 (byte 1)",
  };
  for (const std::string& outcome : expected) {
    EXPECT_EQ(bad.CountOf(outcome), options.rounds) << outcome << Counts(bad);
  }
  EXPECT_EQ(bad.CountOf("wrong answer"), 0) << Counts(bad);  // the answers before the bad one
  EXPECT_EQ(TotalCount(bad), options.rounds * static_cast<int64_t>(expected.size())) << Counts(bad);
  const std::string after = Metrics(server->http_address());
  for (const char* method : {kV1EightSolveStream, kV1RotationSolveStream, kV2SolveStream,
                             kV1EightSolve, kV1RotationSolve, kV2Solve, kV2SolveBatch}) {
    SCOPED_TRACE(method);
    EXPECT_EQ(GrpcRequests(after, method, "INVALID_ARGUMENT") -
                  GrpcRequests(before, method, "INVALID_ARGUMENT"),
              options.rounds);
  }
  for (const char* code : {"UNIMPLEMENTED", "INTERNAL", "UNKNOWN"}) {
    EXPECT_EQ(
        MetricSum(after, "puzzle_oracle_requests_total", {{"transport", "grpc"}, {"code", code}}),
        0)
        << code;
  }
  ExpectGoodClientsServed(report);
  ExpectMemoryWithin(report, 32 * kMiB);
  ExpectServingThenStop(*server, grace);
}

// Finding 3 (the executor): batches over the inline limit (64 queries) are the bounded
// executor's work; 48 at once against 1 worker and 2 places is RESOURCE_EXHAUSTED "the server is
// busy" for the overflow, at once, and every batch that is taken is answered right.
TEST(ServerAbuseTest, AnExecutorFloodIsRefusedAsBusyAndTheRestAnsweredRight) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--solve_threads=1", "--solve_queue=2", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  GrpcAttackOptions options = GrpcOptions(*server);
  options.flood_calls = 48;
  options.flood_items = 10000;
  options.rounds = 2;
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("executor_flood", options)),
                                      QuickRun(*server, absl::Seconds(3), &good));
  std::cout << report.ToString();
  const AttackReport& flood = report.attacks[0];
  const std::string what = "v2 SolveBatch of 10000 boards: ";
  int64_t ok = 0;
  int64_t busy = 0;
  // Busy counts the calls accepted and unfinished (solve_executor.h): 1 worker and 2 places are
  // 3 of them, running or waiting; "0 running and 3 waiting" is a worker between two tasks.
  const std::string busy_prefix = what + "RESOURCE_EXHAUSTED: the server is busy: ";
  const std::string busy_suffix = " waiting (--solve_threads, --solve_queue); retry later";
  for (const auto& [outcome, n] : flood.counts) {
    int running = -1, waiting = -1;
    if (outcome == what + "OK") {
      ok += n;
    } else if (absl::StartsWith(outcome, busy_prefix) && absl::EndsWith(outcome, busy_suffix) &&
               std::sscanf(outcome.c_str() + busy_prefix.size(), "%d searches running and %d",
                           &running, &waiting) == 2 &&
               running + waiting == 3) {
      busy += n;
    } else {
      ADD_FAILURE() << "unexpected outcome: " << n << " x " << outcome;
    }
  }
  EXPECT_GT(ok, 0) << Counts(flood);
  EXPECT_GT(busy, 0) << Counts(flood);
  const int rounds = RoundsRun(flood, options.rounds);
  EXPECT_EQ(ok + busy, options.flood_calls * rounds) << Counts(flood);
  ExpectGoodClientsServed(report);
  ExpectMemoryWithin(report, 128 * kMiB);
  ExpectServingThenStop(*server, grace);
}

// Finding 7: calls that reach the server and pass their deadline there are counted
// DEADLINE_EXCEEDED in /metrics: streams left idle past a 300 ms deadline (exactly), and
// SolveBatch calls of 10,000 boards with a 1 ms deadline (never counted as anything but
// DEADLINE_EXCEEDED or, when the server was quicker, OK).
TEST(ServerAbuseTest, CallsPastTheirDeadlineAreCountedDeadlineExceeded) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--http_address=127.0.0.1:0", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  GrpcAttackOptions options = GrpcOptions(*server);
  options.deadline_streams = 8;
  options.stream_deadline = absl::Milliseconds(300);
  options.deadline_batches = 8;
  options.flood_items = 10000;
  options.rounds = 2;
  const std::string before = Metrics(server->http_address());
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("deadlines", options)),
                                      QuickRun(*server, absl::Seconds(2), &good));
  std::cout << report.ToString();
  const AttackReport& deadlines = report.attacks[0];
  const int64_t streams = options.deadline_streams * options.rounds;
  EXPECT_EQ(deadlines.CountOf(
                "SolveStream idle past its 300ms deadline: DEADLINE_EXCEEDED: Deadline Exceeded"),
            streams)
      << Counts(deadlines);
  EXPECT_EQ(deadlines.CountOf("wrong answer"), 0) << Counts(deadlines);
  // The server counts a call when it ends; give the last ones a moment.
  std::string after;
  for (int i = 0; i < 20; ++i) {
    after = Metrics(server->http_address());
    if (GrpcRequests(after, kV2SolveStream, "DEADLINE_EXCEEDED") -
            GrpcRequests(before, kV2SolveStream, "DEADLINE_EXCEEDED") >=
        streams) {
      break;
    }
    absl::SleepFor(absl::Milliseconds(100));
  }
  auto delta = [&](const char* method, const char* code) {
    return GrpcRequests(after, method, code) - GrpcRequests(before, method, code);
  };
  EXPECT_EQ(delta(kV2SolveStream, "DEADLINE_EXCEEDED"), streams);
  EXPECT_EQ(delta(kV2SolveStream, "CANCELLED"), 0);
  EXPECT_EQ(delta(kV2SolveStream, "OK"), 0);
  const int64_t client_deadline_exceeded = deadlines.CountOf(
      "v2 SolveBatch of 10000 boards, 1ms deadline: DEADLINE_EXCEEDED: Deadline Exceeded");
  std::cout << "batches past their deadline: " << client_deadline_exceeded
            << " at the client; the server counted " << delta(kV2SolveBatch, "DEADLINE_EXCEEDED")
            << " DEADLINE_EXCEEDED, " << delta(kV2SolveBatch, "OK") << " OK, "
            << delta(kV2SolveBatch, "CANCELLED") << " CANCELLED\n";
  // A call that ran out of time is never counted as another failure (before: OK or UNIMPLEMENTED).
  for (const char* code : {"CANCELLED", "UNIMPLEMENTED", "UNKNOWN", "INTERNAL"}) {
    EXPECT_EQ(delta(kV2SolveBatch, code), 0) << code;
  }
  EXPECT_LE(delta(kV2SolveBatch, "DEADLINE_EXCEEDED") + delta(kV2SolveBatch, "OK"),
            options.deadline_batches * options.rounds);
  ExpectGoodClientsServed(report);
  ExpectMemoryWithin(report, 32 * kMiB);
  ExpectServingThenStop(*server, grace);
}

// True when /proc says process `pid` ignores `signal` (its SigIgn mask).
bool Ignores(int pid, int signal) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(status, line)) {
    if (!absl::StartsWith(line, "SigIgn:")) continue;
    uint64_t mask = 0;
    if (!absl::SimpleHexAtoi(absl::StripAsciiWhitespace(line.substr(7)), &mask)) return false;
    return (mask >> (signal - 1)) & 1;
  }
  return false;
}

// Finding 2: with HTTP off (nothing else in the process ignores SIGPIPE) and the read end of its
// stderr pipe closed, the server survives writing its log and a kill -PIPE; SIGHUP and SIGUSR1 do
// not stop it either. It answers right after all of them and exits 0 on SIGTERM (whose two log
// lines go to the closed pipe too). Its log lines here: gRPC's own API trace, routed through the
// server's log once it is SERVING, a line for each call site a request reaches first.
TEST(ServerAbuseTest, AClosedLogPipeAndStraySignalsDoNotStopTheServer) {
  const absl::Duration grace = absl::Seconds(2);
  auto start = [] {
    return tests::ServerProcess::StartWithEnvironment(
        {"--address=127.0.0.1:0", absl::StrCat("--tables_dir=", kTablesDir), "--shutdown_grace=2s"},
        {"GRPC_VERBOSITY=DEBUG", "GRPC_TRACE=api"});
  };
  {
    // First, with the pipe open: requests do make it log.
    absl::StatusOr<std::unique_ptr<tests::ServerProcess>> logging = start();
    ASSERT_TRUE(logging.ok()) << logging.status();
    const size_t before = (*logging)->Stderr().size();
    GoodGrpcClient good((*logging)->address(), &TheReference());
    EXPECT_EQ(good.Measure(absl::Now() + absl::Seconds(20), 5).requests, 5);
    for (int i = 0; i < 100 && !absl::StrContains((*logging)->Stderr().substr(before),
                                                  "puzzle_oracle_server: grpc: grpc_call");
         ++i) {
      absl::SleepFor(absl::Milliseconds(20));
    }
    EXPECT_TRUE(absl::StrContains((*logging)->Stderr().substr(before),
                                  "puzzle_oracle_server: grpc: grpc_call"))
        << (*logging)->Stderr();
    EXPECT_EQ((*logging)->Stop(SIGTERM, absl::Seconds(10)), 0);
  }
  absl::StatusOr<std::unique_ptr<tests::ServerProcess>> started = start();
  ASSERT_TRUE(started.ok()) << started.status();
  tests::ServerProcess& server = **started;
  ASSERT_TRUE(server.http_address().empty());
  for (int signal : {SIGPIPE, SIGHUP, SIGUSR1}) {
    EXPECT_TRUE(Ignores(server.pid(), signal)) << strsignal(signal);
  }
  server.CloseStderr();
  // The first calls log into the closed pipe: EPIPE, and SIGPIPE, ignored.
  GoodGrpcClient good(server.address(), &TheReference());
  const LatencySummary first = good.Measure(absl::Now() + absl::Seconds(20), 20);
  EXPECT_EQ(first.requests, 20) << first.first_error;
  for (int signal : {SIGPIPE, SIGHUP, SIGUSR1}) {
    // An ignored signal is dropped when it is sent, so once kill returns its effect is settled;
    // a signal that killed the server would fail the calls that follow.
    ASSERT_EQ(kill(server.pid(), signal), 0);
    const LatencySummary after = good.Measure(absl::Now() + absl::Seconds(20), 10);
    EXPECT_EQ(after.requests, 10) << strsignal(signal) << ": " << after.first_error;
    absl::StatusOr<ProcessMemory> alive = ReadProcessMemory(server.pid());
    ASSERT_TRUE(alive.ok() && !alive->exited) << strsignal(signal) << " stopped the server";
  }
  ExpectServingThenStop(server, grace);
}

// Finding 4: with 500 idle keep-alive connections and 200 slowloris connections held open, a
// normal request (a checked solve, on a new connection each time) is answered within 100 ms at
// the 99th percentile (500 ms under a sanitizer).
TEST(ServerAbuseTest, IdleAndSlowlorisConnectionsLeaveANormalRequestFast) {
  auto server = StartServer({"--http_address=127.0.0.1:0", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  HttpAttackOptions http;
  http.target = "/v2/puzzles";
  std::vector<std::unique_ptr<Attack>> attacks;
  for (const char* name : {"idle", "slowloris"}) attacks.push_back(*MakeHttpAttack(name, http));
  RunOptions run;
  run.duration = absl::Seconds(5);
  run.warmup = absl::Seconds(2);
  run.baseline_requests = 20;
  run.server_pid = server->pid();
  run.good.method = "POST";
  run.good.next_request = CheckedSolves(&TheReference(), 7);
  run.good.pause = absl::Milliseconds(5);
  const RunReport report = RunAttacks(server->http_address(), std::move(attacks), run);
  std::cout << report.ToString();
  EXPECT_EQ(report.attacks[0].Get("opened"), "500 of 500");
  EXPECT_EQ(report.attacks[1].Get("opened"), "200 of 200");
  EXPECT_EQ(report.attacks[1].Get("still open at the end"), "200");
  ExpectGoodClientsServed(report);
  EXPECT_GE(report.under_attack.requests, 100);
  EXPECT_LT(report.under_attack.p99,
            UnderSanitizer() ? absl::Milliseconds(500) : absl::Milliseconds(100));
  ExpectMemoryWithin(report, 48 * kMiB);
  ExpectServingThenStop(*server, absl::Seconds(2));
}

// Findings 3, 4 and 7 over HTTP, all at once for 8 s: 500 idle keep-alive connections, 200
// slowloris connections, pipelined bursts (GET and checked POST solves), a 400 MiB chunked body,
// a million headers and one 1 MiB header, 2,700 ranges, a 10 GiB Content-Length, bodies at and
// over --max_message_size from 4 connections, the review's error probes, and 20 gRPC streams
// that never read. A good HTTP client (a new connection per request) and a good gRPC client
// check every answer; then SIGTERM, with all of it still connected, must end the server within
// its grace.
TEST(ServerAbuseTest, HttpAttacksLeaveGoodClientsServedAndShutdownWithinTheGrace) {
  const absl::Duration grace = absl::Seconds(2);
  auto server = StartServer({"--http_address=127.0.0.1:0", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  HttpAttackOptions http;
  http.target = "/v2/puzzles";
  http.post_target = "/v2/puzzles/eight:solveBatch";
  http.repeat_pause = absl::Milliseconds(300);
  std::vector<std::unique_ptr<Attack>> attacks;
  for (const std::string& name : HttpAttackNames()) attacks.push_back(*MakeHttpAttack(name, http));
  OracleHttpOptions oracle;
  oracle.reference = &TheReference();
  oracle.repeat_pause = absl::Milliseconds(300);
  for (const std::string& name : OracleHttpAttackNames()) {
    attacks.push_back(*MakeOracleHttpAttack(name, oracle));
  }
  GrpcAttackOptions streams = GrpcOptions(*server);
  streams.streams_per_connection = 20;
  streams.stream_window_bytes = 64 << 10;
  streams.stream_hold = absl::Seconds(60);  // still held when SIGTERM comes
  attacks.push_back(*MakeGrpcAttack("streams", streams));

  GoodGrpcClient good(server->address(), &TheReference());
  RunOptions run = QuickRun(*server, absl::Seconds(8), &good);
  run.warmup = absl::Seconds(2);
  run.good.method = "POST";
  run.good.next_request = CheckedSolves(&TheReference(), 5);
  run.good.pause = absl::Milliseconds(10);
  run.sigterm_at_end = true;
  run.shutdown_timeout = grace + absl::Seconds(10);
  const RunReport report = RunAttacks(server->http_address(), std::move(attacks), run);
  std::cout << report.ToString();
  std::map<std::string, const AttackReport*> by_name;
  for (const AttackReport& a : report.attacks) by_name[a.attack] = &a;

  // Finding 4: the pools are all connected, and the good clients are answered, quickly.
  EXPECT_EQ(by_name["idle"]->Get("opened"), "500 of 500");
  EXPECT_EQ(by_name["slowloris"]->Get("opened"), "200 of 200");
  ExpectGoodClientsServed(report);
  EXPECT_LT(report.under_attack.p99, absl::Seconds(2));  // measured: 1 to 30 ms
  for (const auto& [outcome, n] : by_name["pipeline"]->counts) {
    EXPECT_EQ(outcome, "100 sent, 100 answered, 100 with 200 first");
  }
  EXPECT_GT(TotalCount(*by_name["pipeline"]), 0);
  for (const auto& [outcome, n] : by_name["pipelined_solves"]->counts) {
    EXPECT_EQ(outcome, "burst of 100: 100 answered 200");  // and in order: no wrong answer
  }
  EXPECT_GT(TotalCount(*by_name["pipelined_solves"]), 0);

  // Finding 3 over HTTP: every flood is answered, at once, with its limit.
  for (const char* name : {"chunked", "content_length"}) {
    for (const auto& [outcome, n] : by_name[name]->counts) EXPECT_EQ(outcome, "413") << name;
    EXPECT_GT(TotalCount(*by_name[name]), 0) << name;
  }
  for (const auto& [outcome, n] : by_name["headers"]->counts) EXPECT_EQ(outcome, "431");
  for (const auto& [outcome, n] : by_name["ranges"]->counts) EXPECT_EQ(outcome, "200");
  EXPECT_EQ(by_name["ranges"]->Get("partial (206/multipart) answers"), "no");
  const AttackReport& bodies = *by_name["max_bodies"];
  const int empty_items = (kMaxMessage - 12) / 3;  // {"items":[{},{},...]} padded with spaces
  const std::vector<std::string> body_outcomes = {
      absl::StrCat("POST :solveBatch, ", kMaxMessage,
                   R"( bytes of empty items: 400 {"code":3,"message":"batch has )", empty_items,
                   R"j( items; the server's limit is 10000 (--max_batch_size)"})j"),
      absl::StrCat("POST :solveBatch, ", kMaxBatch, " boards in ", kMaxMessage, " bytes: 200"),
      absl::StrCat(
          "POST :solveBatch, ", kMaxMessage + 1,
          R"( bytes: 413 {"code":8,"message":"request body exceeds the server's limit of )",
          kMaxMessage, R"j( bytes (--max_message_size)"})j"),
  };
  for (const std::string& outcome : body_outcomes) {
    EXPECT_GT(bodies.CountOf(outcome), 0) << outcome << Counts(bodies);
  }
  EXPECT_EQ(TotalCount(bodies), bodies.CountOf(body_outcomes[0]) * 3) << Counts(bodies);

  // Finding 7 under load.
  const AttackReport& errors = *by_name["http_errors"];
  const std::vector<std::string> error_outcomes = {
      R"(GET /%ff%fe: 404 {"code":5,"message":"no endpoint GET /%ff%fe; see GET / or the README for the API"})",
      R"(TRACE /: 501 {"code":12,"message":"method TRACE is not supported; this API uses GET and POST"})",
      "POST /v2/puzzles/eight:solve as a form of 10000 bytes: 200",
  };
  for (const std::string& outcome : error_outcomes) {
    EXPECT_GT(errors.CountOf(outcome), 0) << outcome << Counts(errors);
  }
  EXPECT_EQ(TotalCount(errors), errors.CountOf(error_outcomes[0]) * 3) << Counts(errors);

  for (const AttackReport& a : report.attacks) {
    EXPECT_EQ(a.CountOf("wrong answer"), 0) << a.attack << Counts(a);
  }
  // 20 streams, under --max_streams, all still open (and not yet timed out) at SIGTERM.
  EXPECT_EQ(by_name["streams"]->Get("held open at the end"), "20");
  // Measured: 147 MiB over idle, 230 MiB at the peak with every puzzle's tables (the max-size
  // bodies, 700 connections, the streams' requests in gRPC's buffers).
  ExpectMemoryWithin(report, 176 * kMiB);

  // SIGTERM with everything connected (the streams' answers unread): within the grace, and 1 s
  // to exit. Under a sanitizer the exit itself is slower (ASan's 1 GB of shadow and quarantine
  // with every table mapped: 3.03 s once on 2 loaded cores), so it gets 3 s there; the -c opt
  // run holds the 1 s.
  EXPECT_FALSE(report.shutdown_timed_out);
  EXPECT_GT(report.shutdown_time, absl::ZeroDuration());
  EXPECT_LT(report.shutdown_time, grace + (UnderSanitizer() ? absl::Seconds(3) : absl::Seconds(1)));
  EXPECT_EQ(server->Stop(0, absl::Seconds(10)), 0) << server->Stderr();
}

// Finding 3: what a burst allocates is given back (the server calls malloc_trim every 5 s): RSS
// returns to within 12 MiB of where it was before the burst, within 12 s of its end.
TEST(ServerAbuseTest, MemoryIsGivenBackAfterABurst) {
  auto server = StartServer({"--http_address=127.0.0.1:0", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  good.Measure(absl::Now() + absl::Seconds(10), 50);  // the good client's own costs, first
  absl::StatusOr<ProcessMemory> idle = ReadProcessMemory(server->pid());
  ASSERT_TRUE(idle.ok());
  GrpcAttackOptions grpc = GrpcOptions(*server);
  grpc.flood_calls = 32;
  grpc.batch_threads = 4;
  OracleHttpOptions http;
  http.reference = &TheReference();
  http.rounds = 1;
  http.body_threads = 4;
  std::vector<std::unique_ptr<Attack>> attacks;
  attacks.push_back(*MakeGrpcAttack("executor_flood", grpc));
  attacks.push_back(*MakeGrpcAttack("empty_batches", grpc));
  attacks.push_back(*MakeOracleHttpAttack("max_bodies", http));
  RunOptions run = QuickRun(*server, absl::Seconds(3), &good);
  run.good.target = "/v2/puzzles";
  const RunReport report = RunAttacks(server->http_address(), std::move(attacks), run);
  std::cout << report.ToString();
  ExpectGoodClientsServed(report);
  ExpectMemoryWithin(report, 160 * kMiB);
  const absl::Time burst_end = absl::Now();
  int64_t rss = report.max_rss_bytes;
  while (absl::Now() - burst_end < absl::Seconds(12)) {
    absl::StatusOr<ProcessMemory> now = ReadProcessMemory(server->pid());
    ASSERT_TRUE(now.ok());
    rss = now->rss_bytes;
    if (rss <= idle->rss_bytes + 12 * kMiB) break;
    absl::SleepFor(absl::Milliseconds(250));
  }
  std::cout << "RSS " << idle->rss_bytes / kMiB << " MiB before the burst, "
            << report.max_rss_bytes / kMiB << " MiB at its peak, " << rss / kMiB << " MiB "
            << absl::FormatDuration(absl::Now() - burst_end) << " after it\n";
  EXPECT_GT(report.max_rss_bytes, idle->rss_bytes + 24 * kMiB) << "the burst allocated little";
  if (!UnderSanitizer()) {
    EXPECT_LE(rss, idle->rss_bytes + 12 * kMiB);
  }
  ExpectServingThenStop(*server, absl::Seconds(2));
}

// Finding 3: streams that send and never read, from a client with gRPC's default (growing)
// receive windows: 4 connections x 16 streams (exactly --max_streams), messages of 1,000 boards,
// never an answer read, --stream_write_timeout=1s, --stream_idle_timeout=1s. The client's
// windows take the answers, so a stream is not stalled in a server write: it waits for a message
// its client no longer sends, and --stream_idle_timeout ends it. Every stream is ended by the
// server (cancelled by the watchdog, or "the server is busy" when --request_memory_mib is full);
// none is left for the client to cancel, and another client's SolveStream is served once places
// free up. Measured: 55 to 57 cancelled, the rest busy; the good stream client 121 to 125
// answers, 0 or 1 refused; RSS 101 MiB at the peak. (Before the idle timeout: 56
// of the 64 were never ended by the server and the good stream client was refused.)
TEST(ServerAbuseTest, StreamsThatNeverReadAreEndedWhateverTheClientsWindow) {
  auto server =
      StartServer({"--stream_write_timeout=1s", "--stream_idle_timeout=1s", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good(server->address(), &TheReference());
  GoodGrpcClient good_stream(server->address(), &TheReference(), 2, absl::Seconds(10),
                             absl::Milliseconds(50), GoodGrpcClient::Mode::kStream);
  GrpcAttackOptions options = GrpcOptions(*server);
  options.stream_connections = 4;
  options.streams_per_connection = 16;
  options.items_per_message = 1000;
  options.max_messages_per_stream = 400;
  // Under a sanitizer the server and this client run several times slower: the same contract,
  // with more time for the watchdog to reach every stream.
  options.stream_hold = UnderSanitizer() ? absl::Seconds(20) : absl::Seconds(6);
  RunOptions run = QuickRun(*server, options.stream_hold + absl::Seconds(1), &good);
  run.other_good_clients.push_back(&good_stream);
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("streams", options)), run);
  std::cout << report.ToString();
  const AttackReport& streams = report.attacks[0];
  EXPECT_EQ(streams.CountOf("stream still open after the hold (cancelled here)"), 0)
      << Counts(streams);
  EXPECT_EQ(CountStartingWith(streams, "stream ended by the server: CANCELLED: ") +
                CountStartingWith(streams, "stream ended by the server: RESOURCE_EXHAUSTED: "),
            kMaxStreams)
      << Counts(streams);
  ASSERT_EQ(report.other_good_clients.size(), 2u);
  EXPECT_EQ(report.other_good_clients[0].under_attack.errors, 0)
      << report.other_good_clients[0].under_attack.first_error;
  ExpectServedOnceStreamPlacesFreed(report.other_good_clients[1].under_attack);
  ExpectMemoryWithin(report, 64 * kMiB);
  ExpectServingThenStop(*server, absl::Seconds(2));
}

// Finding 3: 64 SolveStream calls that never send a message, from one connection, take every
// --max_streams place; --stream_idle_timeout (1 s here) ends them, so another client's
// SolveStream is refused ("too many streams") only until then and served afterwards. Measured:
// all 64 cancelled by the server; the good stream client 99 answers, 17 refusals in the first
// 2 s. (Before the idle timeout: refused for as long as the idle streams' client kept them.)
TEST(ServerAbuseTest, IdleStreamsAreEndedAndOtherClientsServedAfterTheIdleTimeout) {
  auto server =
      StartServer({"--stream_write_timeout=1s", "--stream_idle_timeout=1s", "--shutdown_grace=2s"});
  ASSERT_NE(server, nullptr);
  GoodGrpcClient good_stream(server->address(), &TheReference(), 2, absl::Seconds(10),
                             absl::Milliseconds(50), GoodGrpcClient::Mode::kStream);
  GrpcAttackOptions options = GrpcOptions(*server);
  options.streams_per_connection = kMaxStreams;
  options.max_messages_per_stream = 0;  // idle
  options.stream_hold = absl::Seconds(5);
  const RunReport report = RunAttacks("", Attacks(*MakeGrpcAttack("streams", options)),
                                      QuickRun(*server, absl::Seconds(6), &good_stream));
  std::cout << report.ToString();
  const AttackReport& streams = report.attacks[0];
  EXPECT_EQ(streams.CountOf("stream ended by the server: CANCELLED: Cancelled on the server side"),
            kMaxStreams)
      << Counts(streams);
  ASSERT_EQ(report.other_good_clients.size(), 1u);
  // Refused while the idle streams held every place (about 2 s of the 6), then served.
  ExpectServedOnceStreamPlacesFreed(report.other_good_clients[0].under_attack);
  ExpectServingThenStop(*server, absl::Seconds(2));
}

}  // namespace
}  // namespace abuse

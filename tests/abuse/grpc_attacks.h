// Attacks on the puzzle oracle's gRPC front, as a hostile or broken client makes them, for
// RunAttacks (attack_runner.h) to mix with the HTTP ones; and a well-behaved gRPC client that
// checks every answer. Requests go out as raw bytes through grpc::GenericStub, so that bytes a
// generated stub would never send (a string field that is not UTF-8, a message of 600,000 empty
// items) reach the server exactly as written here.
//
// Attacks (MakeGrpcAttack by name; each round repeats until the run stops, or `rounds` times):
//   streams         N connections x M SolveStream calls that each send messages of
//                   items_per_message boards (big answers) until the server stops reading them,
//                   and never read an answer; held for stream_hold, then their statuses are
//                   collected: refused (RESOURCE_EXHAUSTED, --max_streams), cancelled by the
//                   server (its --stream_write_timeout), or still open (cancelled here).
//   empty_batches   from batch_threads threads at once, SolveBatch calls (v2 and v1 EightPuzzle)
//                   of empty items: a message of exactly --max_message_size bytes (hundreds of
//                   thousands of items), exactly --max_batch_size items (each answered with its
//                   own error), and a message one byte over --max_message_size.
//   bad_utf8        SolveStream calls of v1 EightPuzzle, v1 RotationGame and v2 whose third
//                   message has a string that is not UTF-8 (two good messages before it, one
//                   after), and unary calls with such a string.
//   executor_flood  flood_calls concurrent v2 SolveBatch calls of flood_items boards each (more
//                   than the server's inline limit, so each is the bounded executor's work).
//   deadlines       SolveStream calls that stay idle past their deadline, and SolveBatch calls
//                   of flood_items boards with a deadline of a millisecond.
// Every outcome is counted in the AttackReport by its exact text ("<what>: <CODE>: <message>"),
// and answers that come back are checked against the Reference (a wrong one is counted as
// "wrong answer: ...").
//
// Example:
//   abuse::GrpcAttackOptions options;
//   options.address = server->address();
//   options.reference = reference.get();
//   std::vector<std::unique_ptr<abuse::Attack>> attacks;
//   attacks.push_back(*abuse::MakeGrpcAttack("streams", options));
//   abuse::GoodGrpcClient good(server->address(), reference.get());
//   abuse::RunOptions run;
//   run.other_good_clients = {&good};
//   abuse::RunReport report = abuse::RunAttacks("", std::move(attacks), run);
//
// Thread-safety: an Attack runs on the runner's thread (see attack_runner.h); a RawStream and a
// GoodGrpcClient are used by one thread at a time; the free functions may run concurrently.

#ifndef TESTS_ABUSE_GRPC_ATTACKS_H_
#define TESTS_ABUSE_GRPC_ATTACKS_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>
#include <grpcpp/completion_queue.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/status.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "tests/abuse/attack_runner.h"
#include "tests/abuse/reference.h"

namespace abuse {

// The methods attacked.
inline constexpr char kV2Solve[] = "/puzzleoracle.v2.PuzzleOracle/Solve";
inline constexpr char kV2SolveBatch[] = "/puzzleoracle.v2.PuzzleOracle/SolveBatch";
inline constexpr char kV2SolveStream[] = "/puzzleoracle.v2.PuzzleOracle/SolveStream";
inline constexpr char kV1EightSolve[] = "/puzzleoracle.v1.EightPuzzle/Solve";
inline constexpr char kV1EightSolveBatch[] = "/puzzleoracle.v1.EightPuzzle/SolveBatch";
inline constexpr char kV1EightSolveStream[] = "/puzzleoracle.v1.EightPuzzle/SolveStream";
inline constexpr char kV1RotationSolve[] = "/puzzleoracle.v1.RotationGame/Solve";
inline constexpr char kV1RotationSolveStream[] = "/puzzleoracle.v1.RotationGame/SolveStream";

// A channel of its own TCP connection (never a subchannel shared with another channel), with no
// client-side message size limits. `index` tells channels apart. `window_bytes` > 0: the
// connection announces that HTTP/2 receive window per stream and never grows it (no BDP
// probing), like a client that reads slowly; 0: gRPC's defaults (windows grow to megabytes).
// `service_config`: a gRPC service config JSON for the channel (retry policy), or none.
std::shared_ptr<grpc::Channel> NewConnection(const std::string& address, int index,
                                             int window_bytes = 0,
                                             const std::string& service_config = "");

// "CODE: message", e.g. "RESOURCE_EXHAUSTED: too many streams: ...".
std::string StatusText(const grpc::Status& status);

// One bidirectional call of raw bytes, driven from one thread through its own completion queue,
// with a bound on every wait. An operation that does not complete in time stays in flight
// (kPending): a write the server does not read stays pending, which is what a stalled stream is.
class RawStream {
 public:
  enum class Op { kOk, kFailed, kPending };

  // Starts `method` on `channel`. `deadline` is the call's (InfiniteFuture for none).
  RawStream(const std::shared_ptr<grpc::Channel>& channel, const std::string& method,
            absl::Time deadline = absl::InfiniteFuture());
  RawStream(const RawStream&) = delete;
  RawStream& operator=(const RawStream&) = delete;
  // Cancels the call unless its status has arrived, and waits for every operation in flight.
  ~RawStream();

  // Writes one message, after the previous write (waiting up to `wait` in all). kPending: the
  // previous write, or this one, has not completed within `wait`; the previous one still
  // pending means this one was not started. kFailed: the call is over.
  Op Write(const std::string& bytes, absl::Duration wait);
  // Handles the completions that have arrived, without waiting.
  void Poll();
  // A write (or the call's start, which shares gRPC's write operations) is in flight.
  bool write_pending() const { return pending_[kWrite] || pending_[kStart]; }
  bool write_failed() const { return write_failed_; }
  int writes_completed() const { return writes_completed_; }
  Op WritesDone(absl::Duration wait);
  // Reads one message into `bytes`; kFailed at the end of the stream.
  Op Read(std::string* bytes, absl::Duration wait);
  // Asks for the call's status without reading what is unread; WaitFinish waits for it. A read
  // in flight then cancels the call (gRPC allows no status request during a read).
  void StartFinish();
  // True when the status arrived by `deadline`; status() is then the call's.
  bool WaitFinish(absl::Time deadline);
  // Reads until the end of the stream, then waits for the status; false at `deadline`.
  bool DrainAndFinish(absl::Time deadline, int* messages_read = nullptr);
  void Cancel() { context_.TryCancel(); }
  const grpc::Status& status() const { return status_; }

 private:
  enum Tag { kStart, kWrite, kWritesDone, kRead, kFinish, kTags };
  // Handles completions until `wanted` has completed (true) or `deadline` passes (false).
  bool Await(Tag wanted, absl::Time deadline);

  grpc::GenericStub stub_;
  grpc::ClientContext context_;
  grpc::CompletionQueue cq_;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call_;
  grpc::ByteBuffer write_buffer_;
  grpc::ByteBuffer read_buffer_;
  bool pending_[kTags] = {};
  bool ok_[kTags] = {};
  bool finish_started_ = false;
  bool finished_ = false;
  bool write_failed_ = false;
  bool read_ended_ = false;
  int writes_completed_ = 0;
  grpc::Status status_;
};

struct UnaryResult {
  grpc::Status status;
  std::string reply;  // the response's bytes when OK
  absl::Duration latency;
};

// Sends every request of `requests` to `method` at once (one call each), each with the deadline
// now + `timeout`, and waits for all: one result per request, in order.
std::vector<UnaryResult> ConcurrentUnary(const std::shared_ptr<grpc::Channel>& channel,
                                         const std::string& method,
                                         const std::vector<std::string>& requests,
                                         absl::Duration timeout = absl::Seconds(30));

struct GrpcAttackOptions {
  // The gRPC server ("host:port" or "unix:/path"). The address RunAttacks passes to Run is the
  // HTTP one and is not used.
  std::string address;
  // Answers are checked against it when set. Not owned.
  const Reference* reference = nullptr;
  // The server's limits, to make requests at and just over them: --max_batch_size and
  // --max_message_size (0: what the server derives, max_batch_size * 128 + 4096).
  int max_batch_size = 10000;
  int max_message_size = 0;
  int rounds = 0;  // 0: until the run stops
  absl::Duration repeat_pause = absl::Milliseconds(200);
  // streams
  int stream_connections = 1;
  int streams_per_connection = 100;
  int items_per_message = 1000;
  int max_messages_per_stream = 64;  // writes stop here even if the server keeps reading
  // The receive window the streams' connections announce (see NewConnection); 0: gRPC's.
  int stream_window_bytes = 0;
  // From the round's start until the statuses are collected. Longer than the server's
  // --stream_write_timeout plus its watchdog's 1 s period, to see the stalled streams cancelled.
  absl::Duration stream_hold = absl::Seconds(35);
  // empty_batches
  int batch_threads = 4;
  // executor_flood (and the deadlines attack's batches)
  int flood_calls = 32;
  int flood_items = 10000;
  // The flood's boards padded with leading spaces (still valid boards) so that each call is as
  // large as --max_message_size allows: the most a queued call can hold.
  bool flood_max_size = false;
  // deadlines
  int deadline_streams = 8;
  absl::Duration stream_deadline = absl::Milliseconds(300);
  int deadline_batches = 8;
};

// "streams", "empty_batches", "bad_utf8", "executor_flood", "deadlines".
std::vector<std::string> GrpcAttackNames();

// The gRPC attack called `name`; InvalidArgument naming the known ones otherwise.
absl::StatusOr<std::unique_ptr<Attack>> MakeGrpcAttack(absl::string_view name,
                                                       const GrpcAttackOptions& options);

// A well-behaved gRPC client: v2 Solve calls of random boards of every puzzle of TablePuzzles(),
// one after the other on a connection of its own, each answer checked against the reference.
// In kStream mode each request is a SolveStream call instead: one message of one board, its
// answer read, then the stream closed (a client that streams is refused when --max_streams
// streams are open).
class GoodGrpcClient final : public GoodClient {
 public:
  enum class Mode { kUnary, kStream };
  // `reference` is not owned and must outlive the client.
  GoodGrpcClient(const std::string& address, const Reference* reference, uint64_t seed = 1,
                 absl::Duration timeout = absl::Seconds(10),
                 absl::Duration pause = absl::Milliseconds(10), Mode mode = Mode::kUnary);
  std::string name() const override {
    return mode_ == Mode::kUnary ? "gRPC v2 Solve" : "gRPC v2 SolveStream";
  }
  LatencySummary Measure(absl::Time deadline, int max_requests) override;

 private:
  // One checked request of `request`: OK, or why it failed or was wrong.
  absl::Status Unary(const puzzleoracle::v2::SolveRequest& request);
  absl::Status Stream(const puzzleoracle::v2::SolveRequest& request);

  const Reference* const reference_;
  const Mode mode_;
  std::shared_ptr<grpc::Channel> channel_;
  const absl::Duration timeout_;
  const absl::Duration pause_;
  std::unique_ptr<puzzleoracle::v2::PuzzleOracle::Stub> stub_;
  std::mt19937_64 rng_;
};

}  // namespace abuse

#endif  // TESTS_ABUSE_GRPC_ATTACKS_H_

// Raw-socket HTTP/1.1 clients for testing a server under abuse: a blocking connection with
// deadlines and a small response parser (no HTTP library, so the bytes on the wire are exactly
// the ones written here), the attacks a hostile or broken client can make, a well-behaved client
// that measures latency, and a reader of a process's memory use.
//
// Attacks (each against an "host:port" address, each bounded by its own timeout):
//   IdleKeepAlivePool   N connections that make one request each and then sit idle
//   SlowlorisPool       N connections that trickle header bytes and never finish the headers
//   Pipelined           N requests written back-to-back on one connection
//   ChunkedBodyFlood    an endless chunked body
//   HeaderFlood         a request with very many (or very large) headers
//   ManyRanges          one Range header with thousands of ranges
//   OversizedContentLength  a Content-Length far beyond any sane limit, then a body
//
// Example:
//   abuse::SlowlorisOptions slow;
//   slow.connections = 200;
//   auto pool = abuse::SlowlorisPool::Open("127.0.0.1:8080", slow);
//   abuse::LatencySummary latency = abuse::MeasureLatency("127.0.0.1:8080", {});
//   std::cout << latency.ToString();
//
// Thread-safety: a RawConnection is used by one thread at a time. The pools run their own
// thread; their accessors are thread-safe. The free functions are independent of each other and
// may run concurrently.

#ifndef TESTS_ABUSE_ABUSE_CLIENT_H_
#define TESTS_ABUSE_ABUSE_CLIENT_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"

namespace abuse {

using Headers = std::vector<std::pair<std::string, std::string>>;

// A parsed response. For a streamed (chunked) response read with ReadResponseHead, body is empty.
struct HttpReply {
  std::string version;  // "HTTP/1.1"
  int status = 0;
  std::string reason;
  Headers headers;
  std::string body;
  // The first header called `name` (ASCII case-insensitive), or null.
  const std::string* Header(absl::string_view name) const;
};

// Formats a request. Adds "Host: <host>" unless `headers` has one, and Content-Length when
// `body` is not empty and `headers` has neither Content-Length nor Transfer-Encoding.
std::string FormatRequest(absl::string_view method, absl::string_view target,
                          const Headers& headers = {}, absl::string_view body = "",
                          absl::string_view host = "abuse");

// One TCP connection with deadlines on every operation. Owns the socket.
class RawConnection {
 public:
  // Connects to "host:port" ("[::1]:port" for IPv6). Unavailable on failure, DeadlineExceeded
  // when the connection is not established within `timeout`. `receive_buffer_bytes` > 0 fixes the
  // socket's receive buffer (SO_RCVBUF, set before connecting, so the kernel does not grow it):
  // a client that never reads then holds at most that much of an answer plus the server's send
  // buffer.
  static absl::StatusOr<std::unique_ptr<RawConnection>> Connect(
      const std::string& address, absl::Duration timeout = absl::Seconds(5),
      int receive_buffer_bytes = 0);
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;
  ~RawConnection();

  // Writes all of `data`. Unavailable if the peer closed or reset the connection (the message
  // says which), DeadlineExceeded if it did not drain within `timeout`.
  absl::Status Write(absl::string_view data, absl::Duration timeout = absl::Seconds(10));
  // Writes what fits in the socket buffer now, without waiting; returns the bytes written.
  absl::StatusOr<size_t> WriteSome(absl::string_view data);

  // Reads one complete response (Content-Length, chunked, or until close), skipping interim
  // 1xx responses. `head_request`: the response has no body whatever its headers say.
  absl::StatusOr<HttpReply> ReadResponse(absl::Duration timeout = absl::Seconds(10),
                                         bool head_request = false);
  // Reads the status line and headers only (for a streamed body read with ReadChunk).
  absl::StatusOr<HttpReply> ReadResponseHead(absl::Duration timeout = absl::Seconds(10));
  // Reads the next chunk of a chunked body: its data, or "" for the final chunk (trailers read).
  absl::StatusOr<std::string> ReadChunk(absl::Duration timeout = absl::Seconds(10));

  // Waits until the peer closes the connection (OK; the bytes that arrived meanwhile are
  // returned) or `timeout` passes (DeadlineExceeded).
  absl::StatusOr<std::string> ReadUntilClosed(absl::Duration timeout);
  // True when the peer has closed or reset the connection, waiting at most `timeout` for it.
  // Data that arrives meanwhile is kept for the next read.
  bool ClosedByPeer(absl::Duration timeout);

  // Half-closes: the peer reads end-of-stream; reading still works.
  void ShutdownWrite();
  int fd() const { return fd_; }

 private:
  explicit RawConnection(int fd) : fd_(fd) {}
  // Appends what arrives to buffer_: OK when at least one byte came, FailedPrecondition
  // "connection closed by the server" at end of stream, Unavailable on error, DeadlineExceeded.
  absl::Status Fill(absl::Time deadline);
  absl::StatusOr<std::string> ReadLine(absl::Time deadline, size_t max_length);
  absl::StatusOr<std::string> ReadExactly(size_t n, absl::Time deadline);

  const int fd_;
  std::string buffer_;  // read but not yet consumed
};

// ---- Latency ---------------------------------------------------------------------------------

struct LatencySummary {
  int requests = 0;  // answered with the expected status
  int errors = 0;    // failed, timed out, or another status
  absl::Duration p50, p90, p99, max;
  std::string first_error;
  std::string ToString() const;  // "200 ok, 0 errors, p50 1.2ms p90 ... max ..."
};

// Percentiles (nearest rank) of `samples`; sorts them.
LatencySummary Summarize(std::vector<absl::Duration> samples, int errors, std::string first_error);

// One request of a checking good client: its body, and what its answer must be.
struct CheckedRequest {
  std::string target;  // "" : GoodClientOptions::target
  std::string body;
  // OK when the reply (already known to have the expected status) is the right answer; an
  // error counts the request as failed, with the error as its reason.
  std::function<absl::Status(const HttpReply&)> check;
};

struct GoodClientOptions {
  int requests = 200;
  std::string method = "GET";
  std::string target = "/";
  std::string body;
  int expected_status = 200;
  // Optional: makes request number i (its body replaces `body`) and checks its answer.
  // Called from the measuring thread only.
  std::function<CheckedRequest(int i)> next_request;
  // Each request on a new connection (the case a slowloris or idle pool would hurt), or all on
  // one keep-alive connection.
  bool new_connection_per_request = true;
  absl::Duration timeout = absl::Seconds(10);   // per request, connect included
  absl::Duration pause = absl::ZeroDuration();  // between requests
};

// Sends `options.requests` requests one after the other; stops early at `deadline`.
LatencySummary MeasureLatency(const std::string& address, const GoodClientOptions& options,
                              absl::Time deadline = absl::InfiniteFuture());

// ---- Connection pools ------------------------------------------------------------------------

// Connections that each make one keep-alive request and then sit idle until the pool is
// destroyed. A thread watches them to count the ones the server closes.
class IdleKeepAlivePool {
 public:
  // Opens up to `count` connections and sends a request on each, then waits up to
  // `answer_timeout` in all for the answers. A connection still waiting for its answer then is
  // kept as well (see unanswered()): against a thread-per-connection server, that is the point.
  // Fails only if not even one connection can be opened; `opened()` says how many were.
  static absl::StatusOr<std::unique_ptr<IdleKeepAlivePool>> Open(
      const std::string& address, int count, const std::string& target = "/",
      absl::Duration answer_timeout = absl::Seconds(5));
  ~IdleKeepAlivePool();
  int opened() const { return static_cast<int>(connections_.size()); }
  int unanswered() const { return unanswered_; }  // no answer within answer_timeout
  int still_open() const;                         // not closed by the server
  int closed_by_server() const { return opened() - still_open(); }
  std::string first_error() const { return first_error_; }  // the first failed connection

 private:
  IdleKeepAlivePool() = default;
  void Watch();

  std::vector<std::unique_ptr<RawConnection>> connections_;
  int unanswered_ = 0;
  std::unique_ptr<std::atomic<bool>[]> closed_;
  std::string first_error_;
  absl::Notification stop_;
  std::thread watcher_;
};

struct SlowlorisOptions {
  int connections = 200;
  std::string target = "/";
  // Every `interval` each connection sends `bytes_per_tick` more bytes of an endless header.
  absl::Duration interval = absl::Seconds(1);
  size_t bytes_per_tick = 1;
};

// Connections that send a request line and then trickle header bytes forever. A thread does the
// trickling and notices the ones the server closes.
class SlowlorisPool {
 public:
  static absl::StatusOr<std::unique_ptr<SlowlorisPool>> Open(const std::string& address,
                                                             const SlowlorisOptions& options);
  ~SlowlorisPool();
  int opened() const { return static_cast<int>(connections_.size()); }
  int still_open() const { return open_.load(); }
  int closed_by_server() const { return opened() - still_open(); }
  uint64_t bytes_sent() const { return bytes_sent_.load(); }
  // What the server sent before closing (e.g. a 408 or 431), from the first closed connection.
  std::string first_reply() const;
  std::string first_error() const { return first_error_; }

 private:
  SlowlorisPool() = default;
  void Trickle(SlowlorisOptions options);

  std::vector<std::unique_ptr<RawConnection>> connections_;
  std::atomic<int> open_{0};
  std::atomic<uint64_t> bytes_sent_{0};
  std::string first_error_;
  mutable std::atomic<bool> reply_ready_{false};
  std::string first_reply_;  // written once by the thread before reply_ready_
  absl::Notification stop_;
  std::thread thread_;
};

// ---- One-shot attacks ------------------------------------------------------------------------

struct PipelineResult {
  int sent = 0;
  std::vector<HttpReply> replies;  // in the order received
  std::string error;               // why reading stopped early, or ""
};

// Writes `count` GET requests for `target` + "?i=<k>" (or "&i=<k>") in one write, then reads
// the answers.
PipelineResult Pipelined(const std::string& address, int count, const std::string& target = "/",
                         absl::Duration timeout = absl::Seconds(30));

// Writes every request of `requests` (each formatted, e.g. by FormatRequest) in one write, then
// reads as many answers, in order.
PipelineResult PipelinedRequests(const std::string& address,
                                 const std::vector<std::string>& requests,
                                 absl::Duration timeout = absl::Seconds(30));

struct FloodResult {
  int status = 0;           // of the response, 0 if none came
  std::string body;         // of the response (first 4 KiB)
  Headers headers;          // of the response
  uint64_t bytes_sent = 0;  // everything written, headers included
  absl::Duration elapsed;   // from connecting to the response (or the end)
  bool closed_by_server = false;
  std::string error;  // a write or read failure, or ""
};

// POSTs a chunked body of `total_bytes` in chunks of `chunk_bytes` (or until the server answers
// or closes), reading at the same time.
FloodResult ChunkedBodyFlood(const std::string& address, const std::string& target,
                             uint64_t total_bytes, size_t chunk_bytes = 64 << 10,
                             absl::Duration timeout = absl::Seconds(60));

// GETs `target` with `count` headers "X-Flood-<i>: <value_bytes x 'v'>", reading at the same
// time (the server may answer and close before all are sent).
FloodResult HeaderFlood(const std::string& address, const std::string& target, int count,
                        size_t value_bytes = 8, absl::Duration timeout = absl::Seconds(60));

// GETs `target` with "Range: bytes=0-0,1-1,..." (`ranges` ranges, repeating within the first
// 100 bytes).
FloodResult ManyRanges(const std::string& address, const std::string& target, int ranges,
                       absl::Duration timeout = absl::Seconds(30));

// POSTs with "Content-Length: <declared>" and sends `send_bytes` of the body, reading at the
// same time.
FloodResult OversizedContentLength(const std::string& address, const std::string& target,
                                   uint64_t declared, uint64_t send_bytes,
                                   absl::Duration timeout = absl::Seconds(30));

// ---- Process memory --------------------------------------------------------------------------

struct ProcessMemory {
  int64_t rss_bytes = 0;       // VmRSS
  int64_t peak_rss_bytes = 0;  // VmHWM
  int64_t threads = 0;
  int64_t open_fds = 0;
  bool exited = false;  // a zombie: it has exited and waits for its parent
};

// From /proc/<pid>/status and /proc/<pid>/fd. NotFound when the process does not exist.
absl::StatusOr<ProcessMemory> ReadProcessMemory(int pid);

}  // namespace abuse

#endif  // TESTS_ABUSE_ABUSE_CLIENT_H_

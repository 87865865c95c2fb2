#include "tests/abuse/abuse_client.h"

#include <dirent.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>

#include "absl/memory/memory.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"

namespace abuse {
namespace {

constexpr size_t kMaxHeaderLine = 1 << 20;
constexpr size_t kKeptBodyBytes = 4096;

std::string ErrnoText(int err) {
  char buffer[256];
  return strerror_r(err, buffer, sizeof(buffer));  // GNU strerror_r
}

// Milliseconds until `deadline` for poll(): at least 0, at most INT_MAX.
int PollTimeout(absl::Time deadline) {
  const absl::Duration left = deadline - absl::Now();
  if (left <= absl::ZeroDuration()) return 0;
  const int64_t ms = absl::ToInt64Milliseconds(absl::Ceil(left, absl::Milliseconds(1)));
  return static_cast<int>(std::min<int64_t>(ms, INT_MAX));
}

absl::Status SplitAddress(const std::string& address, std::string* host, std::string* port) {
  if (absl::StartsWith(address, "[")) {
    const size_t close = address.find("]:");
    if (close == std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("address '", address, "': expected [v6]:port"));
    }
    *host = address.substr(1, close - 1);
    *port = address.substr(close + 2);
    return absl::OkStatus();
  }
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos) {
    return absl::InvalidArgumentError(absl::StrCat("address '", address, "': expected host:port"));
  }
  *host = address.substr(0, colon);
  *port = address.substr(colon + 1);
  if (host->empty()) *host = "127.0.0.1";
  return absl::OkStatus();
}

std::string WithIndex(const std::string& target, int i) {
  return absl::StrCat(target, absl::StrContains(target, '?') ? "&" : "?", "i=", i);
}

// Sends `head` and then the pieces `next` produces (false: no more), while watching for a
// response; stops at the response, when the server closes, or at `timeout`.
FloodResult SendWhileReading(const std::string& address, std::string head,
                             const std::function<bool(std::string*)>& next,
                             absl::Duration timeout) {
  FloodResult result;
  const absl::Time start = absl::Now();
  const absl::Time deadline = start + timeout;
  absl::StatusOr<std::unique_ptr<RawConnection>> connected = RawConnection::Connect(address);
  if (!connected.ok()) {
    result.error = std::string(connected.status().message());
    return result;
  }
  RawConnection& conn = **connected;
  std::string pending = std::move(head);
  size_t offset = 0;
  bool more = true;
  auto read_response = [&](absl::Duration wait) {
    absl::StatusOr<HttpReply> reply = conn.ReadResponse(wait);
    result.elapsed = absl::Now() - start;
    if (reply.ok()) {
      result.status = reply->status;
      result.headers = reply->headers;
      result.body = reply->body.substr(0, kKeptBodyBytes);
      result.closed_by_server = conn.ClosedByPeer(absl::Milliseconds(200));
    } else {
      result.closed_by_server =
          absl::IsFailedPrecondition(reply.status()) || absl::IsUnavailable(reply.status());
      if (result.error.empty()) result.error = std::string(reply.status().message());
    }
  };
  while (absl::Now() < deadline) {
    if (offset == pending.size()) {
      pending.clear();
      offset = 0;
      if (more) more = next(&pending);
      if (pending.empty() && !more) {  // everything sent: wait for the answer
        read_response(deadline - absl::Now());
        return result;
      }
    }
    pollfd p = {conn.fd(), POLLIN | POLLOUT, 0};
    if (poll(&p, 1, PollTimeout(deadline)) <= 0) continue;
    if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
      read_response(deadline - absl::Now());
      return result;
    }
    if (p.revents & POLLOUT) {
      absl::StatusOr<size_t> wrote = conn.WriteSome(absl::string_view(pending).substr(offset));
      if (!wrote.ok()) {
        result.error = std::string(wrote.status().message());
        read_response(absl::Seconds(2));  // the server may have answered before closing
        return result;
      }
      offset += *wrote;
      result.bytes_sent += *wrote;
    }
  }
  result.error = absl::StrCat("no answer within ", absl::FormatDuration(timeout));
  result.elapsed = absl::Now() - start;
  return result;
}

}  // namespace

const std::string* HttpReply::Header(absl::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

std::string FormatRequest(absl::string_view method, absl::string_view target,
                          const Headers& headers, absl::string_view body, absl::string_view host) {
  std::string out = absl::StrCat(method, " ", target, " HTTP/1.1\r\n");
  bool has_host = false;
  bool has_length = false;
  for (const auto& [name, value] : headers) {
    has_host |= absl::EqualsIgnoreCase(name, "Host");
    has_length |= absl::EqualsIgnoreCase(name, "Content-Length") ||
                  absl::EqualsIgnoreCase(name, "Transfer-Encoding");
    absl::StrAppend(&out, name, ": ", value, "\r\n");
  }
  if (!has_host) absl::StrAppend(&out, "Host: ", host, "\r\n");
  if (!body.empty() && !has_length) absl::StrAppend(&out, "Content-Length: ", body.size(), "\r\n");
  absl::StrAppend(&out, "\r\n", body);
  return out;
}

// ---- RawConnection ---------------------------------------------------------------------------

absl::StatusOr<std::unique_ptr<RawConnection>> RawConnection::Connect(const std::string& address,
                                                                      absl::Duration timeout,
                                                                      int receive_buffer_bytes) {
  std::string host, port;
  absl::Status split = SplitAddress(address, &host, &port);
  if (!split.ok()) return split;
  addrinfo hints;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* results = nullptr;
  const int gai = getaddrinfo(host.c_str(), port.c_str(), &hints, &results);
  if (gai != 0) {
    return absl::UnavailableError(absl::StrCat("resolve ", address, ": ", gai_strerror(gai)));
  }
  const addrinfo* chosen = results;
  for (const addrinfo* a = results; a != nullptr; a = a->ai_next) {
    if (a->ai_family == AF_INET) {
      chosen = a;
      break;
    }
  }
  const int fd = socket(chosen->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    freeaddrinfo(results);
    return absl::UnavailableError(absl::StrCat("socket: ", ErrnoText(errno)));
  }
  auto conn = absl::WrapUnique(new RawConnection(fd));
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  if (receive_buffer_bytes > 0 && setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer_bytes,
                                             sizeof(receive_buffer_bytes)) != 0) {
    freeaddrinfo(results);
    return absl::InternalError(
        absl::StrCat("setsockopt SO_RCVBUF ", receive_buffer_bytes, ": ", ErrnoText(errno)));
  }
  const int rc = connect(fd, chosen->ai_addr, chosen->ai_addrlen);
  const int err = errno;
  freeaddrinfo(results);
  if (rc != 0 && err != EINPROGRESS) {
    return absl::UnavailableError(absl::StrCat("connect ", address, ": ", ErrnoText(err)));
  }
  if (rc != 0) {
    const absl::Time deadline = absl::Now() + timeout;
    pollfd p = {fd, POLLOUT, 0};
    int ready;
    do {
      ready = poll(&p, 1, PollTimeout(deadline));
    } while (ready < 0 && errno == EINTR);
    if (ready == 0) {
      return absl::DeadlineExceededError(
          absl::StrCat("connect ", address, ": no answer within ", absl::FormatDuration(timeout)));
    }
    int so_error = 0;
    socklen_t length = sizeof(so_error);
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &length);
    if (so_error != 0) {
      return absl::UnavailableError(absl::StrCat("connect ", address, ": ", ErrnoText(so_error)));
    }
  }
  return conn;
}

RawConnection::~RawConnection() { close(fd_); }

absl::StatusOr<size_t> RawConnection::WriteSome(absl::string_view data) {
  while (true) {
    const ssize_t n = send(fd_, data.data(), data.size(), MSG_NOSIGNAL);
    if (n >= 0) return static_cast<size_t>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    return absl::UnavailableError(
        absl::StrCat("write failed: ", ErrnoText(errno),
                     errno == EPIPE || errno == ECONNRESET ? " (closed by the server)" : ""));
  }
}

absl::Status RawConnection::Write(absl::string_view data, absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (!data.empty()) {
    absl::StatusOr<size_t> n = WriteSome(data);
    if (!n.ok()) return n.status();
    data.remove_prefix(*n);
    if (data.empty()) break;
    if (*n == 0) {
      pollfd p = {fd_, POLLOUT, 0};
      if (poll(&p, 1, PollTimeout(deadline)) == 0 && absl::Now() >= deadline) {
        return absl::DeadlineExceededError(absl::StrCat("write: the server did not read ",
                                                        data.size(), " more bytes within ",
                                                        absl::FormatDuration(timeout)));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status RawConnection::Fill(absl::Time deadline) {
  char chunk[64 << 10];
  while (true) {
    const ssize_t n = recv(fd_, chunk, sizeof(chunk), 0);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
      return absl::OkStatus();
    }
    if (n == 0) return absl::FailedPreconditionError("connection closed by the server");
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      return absl::UnavailableError(absl::StrCat("read failed: ", ErrnoText(errno)));
    }
    pollfd p = {fd_, POLLIN, 0};
    const int ready = poll(&p, 1, PollTimeout(deadline));
    if (ready == 0) return absl::DeadlineExceededError("no data from the server in time");
  }
}

absl::StatusOr<std::string> RawConnection::ReadLine(absl::Time deadline, size_t max_length) {
  size_t scanned = 0;
  while (true) {
    const size_t lf = buffer_.find('\n', scanned);
    if (lf != std::string::npos) {
      std::string line = buffer_.substr(0, lf);
      buffer_.erase(0, lf + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    scanned = buffer_.size();
    if (buffer_.size() > max_length) {
      return absl::OutOfRangeError(absl::StrCat("line longer than ", max_length, " bytes"));
    }
    absl::Status filled = Fill(deadline);
    if (!filled.ok()) return filled;
  }
}

absl::StatusOr<std::string> RawConnection::ReadExactly(size_t n, absl::Time deadline) {
  while (buffer_.size() < n) {
    absl::Status filled = Fill(deadline);
    if (!filled.ok()) return filled;
  }
  std::string out = buffer_.substr(0, n);
  buffer_.erase(0, n);
  return out;
}

absl::StatusOr<HttpReply> RawConnection::ReadResponseHead(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (true) {
    absl::StatusOr<std::string> line = ReadLine(deadline, kMaxHeaderLine);
    if (!line.ok()) return line.status();
    HttpReply reply;
    std::vector<absl::string_view> parts = absl::StrSplit(*line, absl::MaxSplits(' ', 2));
    if (parts.size() < 2 || !absl::StartsWith(parts[0], "HTTP/") ||
        !absl::SimpleAtoi(parts[1], &reply.status)) {
      return absl::DataLossError(absl::StrCat("not an HTTP status line: '", *line, "'"));
    }
    reply.version = std::string(parts[0]);
    if (parts.size() == 3) reply.reason = std::string(parts[2]);
    while (true) {
      absl::StatusOr<std::string> header = ReadLine(deadline, kMaxHeaderLine);
      if (!header.ok()) return header.status();
      if (header->empty()) break;
      const size_t colon = header->find(':');
      if (colon == std::string::npos) {
        return absl::DataLossError(absl::StrCat("malformed header line: '", *header, "'"));
      }
      reply.headers.emplace_back(
          header->substr(0, colon),
          std::string(absl::StripAsciiWhitespace(absl::string_view(*header).substr(colon + 1))));
    }
    if (reply.status >= 100 && reply.status < 200 && reply.status != 101) continue;  // interim
    return reply;
  }
}

absl::StatusOr<std::string> RawConnection::ReadChunk(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  absl::StatusOr<std::string> size_line = ReadLine(deadline, 1024);
  if (!size_line.ok()) return size_line.status();
  const absl::string_view hex =
      absl::StripAsciiWhitespace(absl::string_view(*size_line).substr(0, size_line->find(';')));
  uint64_t size = 0;
  if (hex.empty() || !absl::SimpleHexAtoi(hex, &size)) {
    return absl::DataLossError(absl::StrCat("malformed chunk size line: '", *size_line, "'"));
  }
  if (size == 0) {
    while (true) {  // trailers, up to the empty line
      absl::StatusOr<std::string> trailer = ReadLine(deadline, kMaxHeaderLine);
      if (!trailer.ok()) return trailer.status();
      if (trailer->empty()) return std::string();
    }
  }
  absl::StatusOr<std::string> data = ReadExactly(size, deadline);
  if (!data.ok()) return data.status();
  absl::StatusOr<std::string> end = ReadLine(deadline, 2);
  if (!end.ok()) return end.status();
  if (!end->empty()) return absl::DataLossError("chunk not followed by CRLF");
  return data;
}

absl::StatusOr<HttpReply> RawConnection::ReadResponse(absl::Duration timeout, bool head_request) {
  const absl::Time deadline = absl::Now() + timeout;
  absl::StatusOr<HttpReply> reply = ReadResponseHead(timeout);
  if (!reply.ok()) return reply;
  if (head_request || reply->status == 204 || reply->status == 304) return reply;
  const std::string* encoding = reply->Header("Transfer-Encoding");
  const std::string* length = reply->Header("Content-Length");
  if (encoding != nullptr && absl::StrContains(absl::AsciiStrToLower(*encoding), "chunked")) {
    while (true) {
      absl::StatusOr<std::string> chunk = ReadChunk(deadline - absl::Now());
      if (!chunk.ok()) return chunk.status();
      if (chunk->empty()) return reply;
      reply->body += *chunk;
    }
  }
  if (length != nullptr) {
    uint64_t n = 0;
    if (!absl::SimpleAtoi(*length, &n)) {
      return absl::DataLossError(absl::StrCat("bad Content-Length: '", *length, "'"));
    }
    absl::StatusOr<std::string> body = ReadExactly(n, deadline);
    if (!body.ok()) return body.status();
    reply->body = *std::move(body);
    return reply;
  }
  absl::StatusOr<std::string> rest = ReadUntilClosed(deadline - absl::Now());
  if (!rest.ok()) return rest.status();
  reply->body = *std::move(rest);
  return reply;
}

absl::StatusOr<std::string> RawConnection::ReadUntilClosed(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (true) {
    absl::Status filled = Fill(deadline);
    if (absl::IsFailedPrecondition(filled) || absl::IsUnavailable(filled)) {
      std::string out;
      out.swap(buffer_);
      return out;
    }
    if (!filled.ok()) return filled;
  }
}

bool RawConnection::ClosedByPeer(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (true) {
    absl::Status filled = Fill(deadline);
    if (absl::IsFailedPrecondition(filled) || absl::IsUnavailable(filled)) return true;
    if (absl::IsDeadlineExceeded(filled)) return false;
  }
}

void RawConnection::ShutdownWrite() { shutdown(fd_, SHUT_WR); }

// ---- Latency ---------------------------------------------------------------------------------

std::string LatencySummary::ToString() const {
  return absl::StrFormat(
      "%d ok, %d errors; p50 %s, p90 %s, p99 %s, max %s%s", requests, errors,
      absl::FormatDuration(p50), absl::FormatDuration(p90), absl::FormatDuration(p99),
      absl::FormatDuration(max),
      first_error.empty() ? "" : absl::StrCat(" (first error: ", first_error, ")"));
}

LatencySummary Summarize(std::vector<absl::Duration> samples, int errors, std::string first_error) {
  LatencySummary summary;
  summary.requests = static_cast<int>(samples.size());
  summary.errors = errors;
  summary.first_error = std::move(first_error);
  if (samples.empty()) return summary;
  std::sort(samples.begin(), samples.end());
  auto rank = [&](double p) {
    const size_t k = static_cast<size_t>(std::ceil(p * static_cast<double>(samples.size())));
    return samples[std::max<size_t>(k, 1) - 1];
  };
  summary.p50 = rank(0.50);
  summary.p90 = rank(0.90);
  summary.p99 = rank(0.99);
  summary.max = samples.back();
  return summary;
}

LatencySummary MeasureLatency(const std::string& address, const GoodClientOptions& options,
                              absl::Time deadline) {
  std::vector<absl::Duration> samples;
  int errors = 0;
  std::string first_error;
  std::unique_ptr<RawConnection> kept;
  const std::string fixed_request = FormatRequest(options.method, options.target, {}, options.body);
  for (int i = 0; i < options.requests && absl::Now() < deadline; ++i) {
    if (i > 0 && options.pause > absl::ZeroDuration()) absl::SleepFor(options.pause);
    CheckedRequest checked;
    if (options.next_request) checked = options.next_request(i);
    const std::string request =
        options.next_request
            ? FormatRequest(options.method,
                            checked.target.empty() ? options.target : checked.target, {},
                            checked.body)
            : fixed_request;
    const absl::Time start = absl::Now();
    absl::Status status;
    if (kept == nullptr || options.new_connection_per_request) {
      absl::StatusOr<std::unique_ptr<RawConnection>> conn =
          RawConnection::Connect(address, options.timeout);
      if (conn.ok()) {
        kept = *std::move(conn);
      } else {
        status = conn.status();
      }
    }
    if (status.ok()) status = kept->Write(request, options.timeout);
    absl::Duration latency;
    if (status.ok()) {
      absl::StatusOr<HttpReply> reply =
          kept->ReadResponse(options.timeout - (absl::Now() - start), options.method == "HEAD");
      latency = absl::Now() - start;  // the check is the client's time, not the server's
      if (!reply.ok()) {
        status = reply.status();
      } else if (reply->status != options.expected_status) {
        status = absl::InternalError(
            absl::StrCat("status ", reply->status, ": ", reply->body.substr(0, 200)));
      } else if (checked.check) {
        status = checked.check(*reply);
      }
    }
    if (status.ok()) {
      samples.push_back(latency);
    } else {
      ++errors;
      if (first_error.empty()) first_error = status.ToString();
      kept.reset();
    }
  }
  return Summarize(std::move(samples), errors, std::move(first_error));
}

// ---- Pools -----------------------------------------------------------------------------------

absl::StatusOr<std::unique_ptr<IdleKeepAlivePool>> IdleKeepAlivePool::Open(
    const std::string& address, int count, const std::string& target,
    absl::Duration answer_timeout) {
  auto pool = absl::WrapUnique(new IdleKeepAlivePool());
  const std::string request = FormatRequest("GET", target);
  for (int i = 0; i < count; ++i) {
    absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
    absl::Status status = conn.status();
    if (status.ok()) status = (*conn)->Write(request);
    if (!status.ok()) {
      if (pool->first_error_.empty()) pool->first_error_ = status.ToString();
      continue;
    }
    pool->connections_.push_back(*std::move(conn));
  }
  // One deadline for all the answers: a server that serves one connection at a time must not
  // make this take count x answer_timeout.
  const absl::Time deadline = absl::Now() + answer_timeout;
  std::vector<std::unique_ptr<RawConnection>> kept;
  for (std::unique_ptr<RawConnection>& conn : pool->connections_) {
    absl::StatusOr<HttpReply> reply =
        conn->ReadResponse(std::max(deadline - absl::Now(), absl::ZeroDuration()));
    if (reply.ok() || absl::IsDeadlineExceeded(reply.status())) {
      pool->unanswered_ += reply.ok() ? 0 : 1;
      kept.push_back(std::move(conn));
    } else if (pool->first_error_.empty()) {
      pool->first_error_ = reply.status().ToString();
    }
  }
  pool->connections_ = std::move(kept);
  if (pool->connections_.empty()) {
    return absl::UnavailableError(
        absl::StrCat("no idle connection could be opened: ", pool->first_error_));
  }
  pool->closed_ = std::make_unique<std::atomic<bool>[]>(pool->connections_.size());
  pool->watcher_ = std::thread([p = pool.get()] { p->Watch(); });
  return pool;
}

IdleKeepAlivePool::~IdleKeepAlivePool() {
  stop_.Notify();
  if (watcher_.joinable()) watcher_.join();
}

int IdleKeepAlivePool::still_open() const {
  int open = 0;
  for (size_t i = 0; i < connections_.size(); ++i) open += closed_[i].load() ? 0 : 1;
  return open;
}

void IdleKeepAlivePool::Watch() {
  std::vector<pollfd> fds;
  while (!stop_.WaitForNotificationWithTimeout(absl::Milliseconds(100))) {
    fds.clear();
    std::vector<size_t> index;
    for (size_t i = 0; i < connections_.size(); ++i) {
      if (closed_[i].load()) continue;
      fds.push_back({connections_[i]->fd(), POLLIN, 0});
      index.push_back(i);
    }
    if (fds.empty() || poll(fds.data(), fds.size(), 0) <= 0) continue;
    for (size_t k = 0; k < fds.size(); ++k) {
      if (fds[k].revents == 0) continue;
      if (connections_[index[k]]->ClosedByPeer(absl::ZeroDuration())) closed_[index[k]] = true;
    }
  }
}

absl::StatusOr<std::unique_ptr<SlowlorisPool>> SlowlorisPool::Open(
    const std::string& address, const SlowlorisOptions& options) {
  auto pool = absl::WrapUnique(new SlowlorisPool());
  const std::string start =
      absl::StrCat("GET ", options.target, " HTTP/1.1\r\nHost: abuse\r\nX-Slowloris: ");
  for (int i = 0; i < options.connections; ++i) {
    absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
    absl::Status status = conn.status();
    if (status.ok()) status = (*conn)->Write(start);
    if (!status.ok()) {
      if (pool->first_error_.empty()) pool->first_error_ = status.ToString();
      continue;
    }
    pool->bytes_sent_ += start.size();
    pool->connections_.push_back(*std::move(conn));
  }
  if (pool->connections_.empty()) {
    return absl::UnavailableError(
        absl::StrCat("no slowloris connection could be opened: ", pool->first_error_));
  }
  pool->open_ = pool->opened();
  pool->thread_ = std::thread([p = pool.get(), options] { p->Trickle(options); });
  return pool;
}

SlowlorisPool::~SlowlorisPool() {
  stop_.Notify();
  if (thread_.joinable()) thread_.join();
}

std::string SlowlorisPool::first_reply() const {
  return reply_ready_.load(std::memory_order_acquire) ? first_reply_ : std::string();
}

void SlowlorisPool::Trickle(SlowlorisOptions options) {
  std::vector<bool> closed(connections_.size(), false);
  const std::string bytes(options.bytes_per_tick, 'a');
  while (!stop_.WaitForNotificationWithTimeout(options.interval)) {
    for (size_t i = 0; i < connections_.size(); ++i) {
      if (closed[i]) continue;
      RawConnection& conn = *connections_[i];
      pollfd p = {conn.fd(), POLLIN, 0};
      bool gone = poll(&p, 1, 0) > 0;
      absl::StatusOr<std::string> reply;
      if (gone) reply = conn.ReadUntilClosed(absl::Milliseconds(100));
      if (!gone) {
        absl::StatusOr<size_t> wrote = conn.WriteSome(bytes);
        if (wrote.ok()) {
          bytes_sent_ += *wrote;
        } else {
          gone = true;
        }
      }
      if (!gone) continue;
      closed[i] = true;
      --open_;
      if (!reply_ready_.load(std::memory_order_relaxed) && reply.ok() && !reply->empty()) {
        first_reply_ = *reply;
        reply_ready_.store(true, std::memory_order_release);
      }
    }
  }
}

// ---- One-shot attacks ------------------------------------------------------------------------

PipelineResult Pipelined(const std::string& address, int count, const std::string& target,
                         absl::Duration timeout) {
  std::vector<std::string> requests;
  for (int i = 0; i < count; ++i) requests.push_back(FormatRequest("GET", WithIndex(target, i)));
  return PipelinedRequests(address, requests, timeout);
}

PipelineResult PipelinedRequests(const std::string& address,
                                 const std::vector<std::string>& requests, absl::Duration timeout) {
  PipelineResult result;
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  if (!conn.ok()) {
    result.error = std::string(conn.status().message());
    return result;
  }
  std::string all;
  for (const std::string& request : requests) all += request;
  const int count = static_cast<int>(requests.size());
  const absl::Time deadline = absl::Now() + timeout;
  absl::Status wrote = (*conn)->Write(all, timeout);
  if (!wrote.ok()) {
    result.error = std::string(wrote.message());
    return result;
  }
  result.sent = count;
  for (int i = 0; i < count; ++i) {
    absl::StatusOr<HttpReply> reply = (*conn)->ReadResponse(deadline - absl::Now());
    if (!reply.ok()) {
      result.error = absl::StrCat("answer ", i + 1, " of ", count, ": ", reply.status().message());
      break;
    }
    result.replies.push_back(*std::move(reply));
  }
  return result;
}

FloodResult ChunkedBodyFlood(const std::string& address, const std::string& target,
                             uint64_t total_bytes, size_t chunk_bytes, absl::Duration timeout) {
  const std::string chunk =
      absl::StrCat(absl::Hex(chunk_bytes), "\r\n", std::string(chunk_bytes, 'c'), "\r\n");
  uint64_t left = total_bytes;
  return SendWhileReading(
      address,
      FormatRequest(
          "POST", target,
          {{"Transfer-Encoding", "chunked"}, {"Content-Type", "application/octet-stream"}}),
      [&](std::string* next) {
        if (left == 0) {
          *next = "0\r\n\r\n";
          return false;
        }
        if (left >= chunk_bytes) {
          *next = chunk;
          left -= chunk_bytes;
        } else {
          *next = absl::StrCat(absl::Hex(left), "\r\n", std::string(left, 'c'), "\r\n");
          left = 0;
        }
        return true;
      },
      timeout);
}

FloodResult HeaderFlood(const std::string& address, const std::string& target, int count,
                        size_t value_bytes, absl::Duration timeout) {
  const std::string value(value_bytes, 'v');
  int sent = 0;
  return SendWhileReading(
      address, absl::StrCat("GET ", target, " HTTP/1.1\r\nHost: abuse\r\n"),
      [&](std::string* next) {
        if (sent == count) {
          *next = "\r\n";
          return false;
        }
        for (int k = 0; k < 1000 && sent < count; ++k, ++sent) {
          absl::StrAppend(next, "X-Flood-", sent, ": ", value, "\r\n");
        }
        return true;
      },
      timeout);
}

FloodResult ManyRanges(const std::string& address, const std::string& target, int ranges,
                       absl::Duration timeout) {
  std::string range = "bytes=";
  for (int i = 0; i < ranges; ++i) {
    absl::StrAppend(&range, i > 0 ? "," : "", i % 100, "-", i % 100);
  }
  return SendWhileReading(
      address, FormatRequest("GET", target, {{"Range", range}}), [](std::string*) { return false; },
      timeout);
}

FloodResult OversizedContentLength(const std::string& address, const std::string& target,
                                   uint64_t declared, uint64_t send_bytes, absl::Duration timeout) {
  const std::string block(64 << 10, 'b');
  uint64_t left = send_bytes;
  return SendWhileReading(
      address,
      FormatRequest("POST", target,
                    {{"Content-Length", absl::StrCat(declared)},
                     {"Content-Type", "application/octet-stream"}}),
      [&](std::string* next) {
        if (left == 0) return false;
        *next = block.substr(0, std::min<uint64_t>(left, block.size()));
        left -= next->size();
        return true;
      },
      timeout);
}

// ---- Process memory --------------------------------------------------------------------------

absl::StatusOr<ProcessMemory> ReadProcessMemory(int pid) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  if (!status) return absl::NotFoundError(absl::StrCat("no process ", pid));
  ProcessMemory memory;
  std::string line;
  while (std::getline(status, line)) {
    auto field = [&line](absl::string_view name, int64_t* out, int64_t scale) {
      absl::string_view rest = line;
      if (!absl::ConsumePrefix(&rest, name)) return;
      rest = absl::StripAsciiWhitespace(rest);
      absl::ConsumeSuffix(&rest, " kB");
      int64_t value = 0;
      if (absl::SimpleAtoi(rest, &value)) *out = value * scale;
    };
    field("VmRSS:", &memory.rss_bytes, 1024);
    field("VmHWM:", &memory.peak_rss_bytes, 1024);
    field("Threads:", &memory.threads, 1);
    if (absl::StartsWith(line, "State:")) memory.exited = absl::StrContains(line, "zombie");
  }
  if (DIR* dir = opendir(absl::StrCat("/proc/", pid, "/fd").c_str())) {
    while (dirent* entry = readdir(dir)) memory.open_fds += entry->d_name[0] != '.' ? 1 : 0;
    closedir(dir);
  }
  return memory;
}

}  // namespace abuse

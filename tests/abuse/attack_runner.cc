#include "tests/abuse/attack_runner.h"

#include <signal.h>
#include <sys/types.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <functional>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"

namespace abuse {
namespace {

std::string Mib(int64_t bytes) { return absl::StrFormat("%.1f MiB", bytes / 1048576.0); }

// Counts outcomes ("413", "closed", "error: ...") and renders "413 x12, closed x1".
class Outcomes {
 public:
  void Add(const std::string& outcome) { ++counts_[outcome]; }
  std::string ToString() const {
    if (counts_.empty()) return "none";
    std::vector<std::string> parts;
    for (const auto& [outcome, n] : counts_) parts.push_back(absl::StrCat(outcome, " x", n));
    return absl::StrJoin(parts, ", ");
  }

 private:
  std::map<std::string, int> counts_;
};

std::string OutcomeOf(const FloodResult& result) {
  if (result.status != 0) return absl::StrCat(result.status);
  if (result.closed_by_server) return "closed without an answer";
  return absl::StrCat("error: ", result.error);
}

class IdleAttack final : public Attack {
 public:
  explicit IdleAttack(HttpAttackOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "idle"; }
  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    absl::StatusOr<std::unique_ptr<IdleKeepAlivePool>> pool =
        IdleKeepAlivePool::Open(address, options_.idle_connections, options_.target);
    if (!pool.ok()) {
      report->ran = false;
      report->Add("error", pool.status().ToString());
      return;
    }
    report->Add("opened", absl::StrCat((*pool)->opened(), " of ", options_.idle_connections));
    if ((*pool)->unanswered() > 0) {
      report->Add("first request not answered within 5s", absl::StrCat((*pool)->unanswered()));
    }
    stop.WaitForNotification();
    report->Add("still open at the end", absl::StrCat((*pool)->still_open()));
    report->Add("closed by the server", absl::StrCat((*pool)->closed_by_server()));
    if (!(*pool)->first_error().empty()) report->Add("first error", (*pool)->first_error());
    pool_ = *std::move(pool);
  }
  void Release() override { pool_.reset(); }

 private:
  const HttpAttackOptions options_;
  std::unique_ptr<IdleKeepAlivePool> pool_;
};

class SlowlorisAttack final : public Attack {
 public:
  explicit SlowlorisAttack(HttpAttackOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "slowloris"; }
  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    SlowlorisOptions slow;
    slow.connections = options_.slowloris_connections;
    slow.interval = options_.slowloris_interval;
    slow.target = options_.target;
    const absl::Time start = absl::Now();
    absl::StatusOr<std::unique_ptr<SlowlorisPool>> pool = SlowlorisPool::Open(address, slow);
    if (!pool.ok()) {
      report->ran = false;
      report->Add("error", pool.status().ToString());
      return;
    }
    report->Add("opened", absl::StrCat((*pool)->opened(), " of ", slow.connections));
    // Note when the server has closed them all (a header deadline at work).
    absl::Duration all_closed_after;
    while (!stop.WaitForNotificationWithTimeout(absl::Milliseconds(100))) {
      if (all_closed_after == absl::ZeroDuration() && (*pool)->still_open() == 0) {
        all_closed_after = absl::Now() - start;
      }
    }
    report->Add("still open at the end", absl::StrCat((*pool)->still_open()));
    report->Add("closed by the server", absl::StrCat((*pool)->closed_by_server()));
    if (all_closed_after > absl::ZeroDuration()) {
      report->Add("all closed after", absl::FormatDuration(all_closed_after));
    }
    report->Add("header bytes trickled", absl::StrCat((*pool)->bytes_sent()));
    const std::string reply = (*pool)->first_reply();
    if (!reply.empty()) report->Add("first reply", reply.substr(0, reply.find("\r\n")));
    pool_ = *std::move(pool);
  }
  void Release() override { pool_.reset(); }

 private:
  const HttpAttackOptions options_;
  std::unique_ptr<SlowlorisPool> pool_;
};

// Repeats `once` until `stop`, pausing between rounds.
void Repeat(const absl::Notification& stop, absl::Duration pause,
            const std::function<void()>& once) {
  do {
    once();
  } while (!stop.WaitForNotificationWithTimeout(pause));
}

class PipelineAttack final : public Attack {
 public:
  explicit PipelineAttack(HttpAttackOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "pipeline"; }
  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    int bursts = 0;
    int64_t sent = 0;
    int64_t answered = 0;
    std::string first_error;
    Repeat(stop, options_.repeat_pause, [&] {
      PipelineResult result = Pipelined(address, options_.pipeline_depth, options_.target);
      ++bursts;
      sent += result.sent;
      answered += static_cast<int64_t>(result.replies.size());
      if (first_error.empty()) first_error = result.error;
    });
    report->Add("bursts", absl::StrCat(bursts, " of ", options_.pipeline_depth, " requests"));
    report->Add("answered", absl::StrCat(answered, " of ", sent));
    if (!first_error.empty()) report->Add("first error", first_error);
  }

 private:
  const HttpAttackOptions options_;
};

// The flood attacks: one FloodResult per round.
class FloodAttack final : public Attack {
 public:
  FloodAttack(std::string name, HttpAttackOptions options,
              std::function<std::vector<FloodResult>(const std::string&)> round)
      : name_(std::move(name)), options_(std::move(options)), round_(std::move(round)) {}
  std::string name() const override { return name_; }
  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    Outcomes outcomes;
    int rounds = 0;
    uint64_t max_sent = 0;
    absl::Duration max_elapsed;
    size_t max_body = 0;
    bool partial = false;
    Repeat(stop, options_.repeat_pause, [&] {
      ++rounds;
      for (const FloodResult& result : round_(address)) {
        outcomes.Add(OutcomeOf(result));
        max_sent = std::max(max_sent, result.bytes_sent);
        max_elapsed = std::max(max_elapsed, result.elapsed);
        max_body = std::max(max_body, result.body.size());
        for (const auto& [header, value] : result.headers) {
          partial |= header == "Content-Range" || value.find("multipart/byteranges") == 0;
        }
      }
    });
    report->Add("rounds", absl::StrCat(rounds));
    report->Add("answers", outcomes.ToString());
    report->Add("most bytes sent before the answer", Mib(static_cast<int64_t>(max_sent)));
    report->Add("slowest answer", absl::FormatDuration(max_elapsed));
    if (name_ == "ranges") {
      report->Add("largest body (first 4 KiB kept)", absl::StrCat(max_body, " bytes"));
      report->Add("partial (206/multipart) answers", partial ? "yes" : "no");
    }
  }

 private:
  const std::string name_;
  const HttpAttackOptions options_;
  const std::function<std::vector<FloodResult>(const std::string&)> round_;
};

LatencySummary Measure(const std::string& address, GoodClientOptions good, int requests,
                       absl::Time deadline) {
  good.requests = requests;
  return MeasureLatency(address, good, deadline);
}

}  // namespace

std::string AttackReport::Get(absl::string_view key) const {
  for (const auto& [k, v] : lines) {
    if (k == key) return v;
  }
  return "";
}

std::string AttackReport::ToString() const {
  std::string out = absl::StrCat("  ", attack, ran ? "" : " (did not run)", "\n");
  for (const auto& [key, value] : lines) absl::StrAppend(&out, "    ", key, ": ", value, "\n");
  return out;
}

std::vector<std::string> HttpAttackNames() {
  return {"idle", "slowloris", "pipeline", "chunked", "headers", "ranges", "content_length"};
}

absl::StatusOr<std::unique_ptr<Attack>> MakeHttpAttack(absl::string_view name,
                                                       const HttpAttackOptions& options) {
  const HttpAttackOptions o = options;
  if (name == "idle") return std::make_unique<IdleAttack>(o);
  if (name == "slowloris") return std::make_unique<SlowlorisAttack>(o);
  if (name == "pipeline") return std::make_unique<PipelineAttack>(o);
  if (name == "chunked") {
    return std::make_unique<FloodAttack>("chunked", o, [o](const std::string& address) {
      return std::vector<FloodResult>{ChunkedBodyFlood(address, o.target, o.chunked_flood_bytes)};
    });
  }
  if (name == "headers") {
    return std::make_unique<FloodAttack>("headers", o, [o](const std::string& address) {
      return std::vector<FloodResult>{HeaderFlood(address, o.target, o.header_flood_count),
                                      HeaderFlood(address, o.target, 1, o.huge_header_bytes)};
    });
  }
  if (name == "ranges") {
    return std::make_unique<FloodAttack>("ranges", o, [o](const std::string& address) {
      return std::vector<FloodResult>{ManyRanges(address, o.target, o.ranges)};
    });
  }
  if (name == "content_length") {
    return std::make_unique<FloodAttack>("content_length", o, [o](const std::string& address) {
      return std::vector<FloodResult>{OversizedContentLength(
          address, o.target, o.declared_content_length, o.content_length_bytes_sent)};
    });
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown HTTP attack '", name,
                                                 "'; expected one of ",
                                                 absl::StrJoin(HttpAttackNames(), ", ")));
}

RunReport RunAttacks(const std::string& address, std::vector<std::unique_ptr<Attack>> attacks,
                     const RunOptions& options) {
  RunReport report;
  report.address = address;
  report.baseline =
      Measure(address, options.good, options.baseline_requests, absl::InfiniteFuture());

  // Memory sampling, for the whole run.
  absl::Notification sampling_done;
  std::atomic<int64_t> max_rss{0};
  std::thread sampler;
  if (options.server_pid > 0) {
    absl::StatusOr<ProcessMemory> before = ReadProcessMemory(options.server_pid);
    if (before.ok()) {
      report.sampled_memory = true;
      report.memory_before = *before;
      max_rss = before->rss_bytes;
      sampler = std::thread([&] {
        while (!sampling_done.WaitForNotificationWithTimeout(absl::Milliseconds(100))) {
          absl::StatusOr<ProcessMemory> now = ReadProcessMemory(options.server_pid);
          if (!now.ok()) return;
          int64_t seen = max_rss.load();
          while (now->rss_bytes > seen && !max_rss.compare_exchange_weak(seen, now->rss_bytes)) {
          }
        }
      });
    }
  }

  const absl::Time start = absl::Now();
  absl::Notification stop;
  report.attacks.resize(attacks.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < attacks.size(); ++i) {
    report.attacks[i].attack = attacks[i]->name();
    threads.emplace_back([&, i] { attacks[i]->Run(address, stop, &report.attacks[i]); });
  }
  absl::SleepFor(std::min(options.warmup, options.duration));
  report.under_attack = Measure(address, options.good, INT_MAX, start + options.duration);
  const absl::Duration left = start + options.duration - absl::Now();
  if (left > absl::ZeroDuration()) absl::SleepFor(left);

  // The one-shot attacks finish their round (each bounded by its own timeout); the connection
  // pools report and keep their connections until Release.
  stop.Notify();
  for (std::thread& t : threads) t.join();
  if (options.server_pid > 0) {
    absl::StatusOr<ProcessMemory> after = ReadProcessMemory(options.server_pid);
    if (after.ok()) report.memory_after = *after;
  }
  if (options.server_pid > 0 && options.sigterm_at_end) {
    const absl::Time sent = absl::Now();
    if (kill(options.server_pid, SIGTERM) == 0) {
      // Gone: no /proc/<pid>, or a zombie waiting for its parent.
      while (absl::Now() - sent < options.shutdown_timeout) {
        absl::StatusOr<ProcessMemory> still = ReadProcessMemory(options.server_pid);
        if (!still.ok() || still->exited) break;
        absl::SleepFor(absl::Milliseconds(5));
      }
      report.shutdown_time = absl::Now() - sent;
      report.shutdown_timed_out = report.shutdown_time >= options.shutdown_timeout;
    }
  }
  for (const std::unique_ptr<Attack>& attack : attacks) attack->Release();
  sampling_done.Notify();
  if (sampler.joinable()) sampler.join();
  report.max_rss_bytes = max_rss.load();
  return report;
}

std::string RunReport::ToString() const {
  std::string out = absl::StrCat("http_abuse against ", address, "\n");
  absl::StrAppend(&out, "good client before the attacks: ", baseline.ToString(), "\n");
  absl::StrAppend(&out, "good client during the attacks: ", under_attack.ToString(), "\n");
  absl::StrAppend(&out, "attacks:\n");
  for (const AttackReport& attack : attacks) absl::StrAppend(&out, attack.ToString());
  if (sampled_memory) {
    absl::StrAppend(&out, "server memory: RSS ", Mib(memory_before.rss_bytes), " before, max ",
                    Mib(max_rss_bytes), " sampled, ", Mib(memory_after.rss_bytes),
                    " at the end; peak (VmHWM) ", Mib(memory_after.peak_rss_bytes), "; ",
                    memory_after.threads, " threads, ", memory_after.open_fds, " open files\n");
  }
  if (shutdown_time > absl::ZeroDuration()) {
    absl::StrAppend(
        &out, "SIGTERM to exit with the attacks connected: ", absl::FormatDuration(shutdown_time),
        shutdown_timed_out ? " (timed out)" : "", "\n");
  }
  return out;
}

}  // namespace abuse

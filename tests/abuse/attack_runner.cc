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
    Repeat(stop, 0, options_.repeat_pause, [&] {
      PipelineResult result = Pipelined(address, options_.pipeline_depth, options_.target);
      ++bursts;
      int in_order = 0;  // answers whose status is 200, before any other
      while (in_order < static_cast<int>(result.replies.size()) &&
             result.replies[static_cast<size_t>(in_order)].status == 200) {
        ++in_order;
      }
      report->Count(absl::StrCat(result.sent, " sent, ", result.replies.size(), " answered, ",
                                 in_order, " with 200 first"));
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
    Repeat(stop, 0, options_.repeat_pause, [&] {
      ++rounds;
      for (const FloodResult& result : round_(address)) {
        outcomes.Add(OutcomeOf(result));
        report->Count(OutcomeOf(result));
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

int64_t AttackReport::CountOf(const std::string& outcome) const {
  auto it = counts.find(outcome);
  return it == counts.end() ? 0 : it->second;
}

void AttackReport::CountWrong(const absl::Status& check) {
  if (check.ok()) return;
  Count("wrong answer");
  if (CountOf("wrong answer") <= 3) Add("wrong answer", std::string(check.message()));
}

void AttackReport::Merge(const AttackReport& other) {
  for (const auto& [outcome, n] : other.counts) Count(outcome, n);
  for (const auto& [key, value] : other.lines) Add(key, value);
}

void Repeat(const absl::Notification& stop, int rounds, absl::Duration pause,
            const std::function<void()>& once) {
  for (int round = 1;; ++round) {
    once();
    if (rounds > 0 && round >= rounds) return;
    if (stop.WaitForNotificationWithTimeout(pause)) return;
  }
}

std::string Shorten(absl::string_view text, size_t most) {
  if (text.size() <= most) return std::string(text);
  return absl::StrCat(text.substr(0, most), "... (", text.size(), " bytes)");
}

std::string AttackReport::ToString() const {
  std::string out = absl::StrCat("  ", attack, ran ? "" : " (did not run)", "\n");
  for (const auto& [key, value] : lines) absl::StrAppend(&out, "    ", key, ": ", value, "\n");
  if (!counts.empty()) absl::StrAppend(&out, "    outcomes:\n");
  for (const auto& [outcome, n] : counts) absl::StrAppend(&out, "      ", n, " x ", outcome, "\n");
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
  const std::string post_target = o.post_target.empty() ? o.target : o.post_target;
  if (name == "chunked") {
    return std::make_unique<FloodAttack>(
        "chunked", o, [o, post_target](const std::string& address) {
          return std::vector<FloodResult>{
              ChunkedBodyFlood(address, post_target, o.chunked_flood_bytes)};
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
    return std::make_unique<FloodAttack>(
        "content_length", o, [o, post_target](const std::string& address) {
          return std::vector<FloodResult>{OversizedContentLength(
              address, post_target, o.declared_content_length, o.content_length_bytes_sent)};
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
  report.measured_http = !address.empty();
  if (report.measured_http) {
    report.baseline =
        Measure(address, options.good, options.baseline_requests, absl::InfiniteFuture());
  }
  report.other_good_clients.resize(options.other_good_clients.size());
  for (size_t i = 0; i < options.other_good_clients.size(); ++i) {
    report.other_good_clients[i].name = options.other_good_clients[i]->name();
    report.other_good_clients[i].baseline =
        options.other_good_clients[i]->Measure(absl::InfiniteFuture(), options.baseline_requests);
  }

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
  std::vector<std::thread> good_threads;
  for (size_t i = 0; i < options.other_good_clients.size(); ++i) {
    good_threads.emplace_back([&, i] {
      report.other_good_clients[i].under_attack =
          options.other_good_clients[i]->Measure(start + options.duration, INT_MAX);
    });
  }
  if (report.measured_http) {
    report.under_attack = Measure(address, options.good, INT_MAX, start + options.duration);
  }
  for (std::thread& t : good_threads) t.join();
  const absl::Duration left = start + options.duration - absl::Now();
  if (left > absl::ZeroDuration()) absl::SleepFor(left);

  // The one-shot attacks finish their round (each bounded by its own timeout); the connection
  // pools report and keep their connections until Release.
  stop.Notify();
  for (std::thread& t : threads) t.join();
  if (options.server_pid > 0) {
    absl::StatusOr<ProcessMemory> after = ReadProcessMemory(options.server_pid);
    if (after.ok()) report.memory_after = *after;
    report.memory_settled = report.memory_after;
    if (options.settle > absl::ZeroDuration()) {
      absl::SleepFor(options.settle);
      absl::StatusOr<ProcessMemory> settled = ReadProcessMemory(options.server_pid);
      if (settled.ok()) report.memory_settled = *settled;
    }
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

int RunReport::good_errors() const {
  int errors = under_attack.errors;
  for (const GoodClientReport& good : other_good_clients) errors += good.under_attack.errors;
  return errors;
}

std::string RunReport::ToString() const {
  std::string out =
      absl::StrCat("abuse run against ", address.empty() ? "(no HTTP)" : address, "\n");
  if (measured_http) {
    absl::StrAppend(&out, "good HTTP client before the attacks: ", baseline.ToString(), "\n");
    absl::StrAppend(&out, "good HTTP client during the attacks: ", under_attack.ToString(), "\n");
  }
  for (const GoodClientReport& good : other_good_clients) {
    absl::StrAppend(&out, "good ", good.name,
                    " client before the attacks: ", good.baseline.ToString(), "\n");
    absl::StrAppend(&out, "good ", good.name,
                    " client during the attacks: ", good.under_attack.ToString(), "\n");
  }
  absl::StrAppend(&out, "attacks:\n");
  for (const AttackReport& attack : attacks) absl::StrAppend(&out, attack.ToString());
  if (sampled_memory) {
    absl::StrAppend(&out, "server memory: RSS ", Mib(memory_before.rss_bytes), " before, max ",
                    Mib(max_rss_bytes), " sampled, ", Mib(memory_after.rss_bytes),
                    " at the end; peak (VmHWM) ", Mib(memory_after.peak_rss_bytes), "; ",
                    memory_after.threads, " threads, ", memory_after.open_fds, " open files\n");
    if (memory_settled.rss_bytes != memory_after.rss_bytes ||
        memory_settled.peak_rss_bytes != memory_after.peak_rss_bytes) {
      absl::StrAppend(&out, "server memory after the attacks settled: RSS ",
                      Mib(memory_settled.rss_bytes), ", ", memory_settled.threads, " threads, ",
                      memory_settled.open_fds, " open files\n");
    }
  }
  if (shutdown_time > absl::ZeroDuration()) {
    absl::StrAppend(
        &out, "SIGTERM to exit with the attacks connected: ", absl::FormatDuration(shutdown_time),
        shutdown_timed_out ? " (timed out)" : "", "\n");
  }
  return out;
}

}  // namespace abuse

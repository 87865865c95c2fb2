// Samples a process's resident set size (and thread count) over time, from /proc/<pid>/status, on a
// thread of its own.
//
// Example:
//   RssSampler rss(server_pid, absl::Milliseconds(250));   // samples from now on
//   ... load ...
//   rss.Stop();
//   for (const RssSampler::Sample& s : rss.samples()) print(s.at, s.kib);
//
// Thread-safety: samples() and Stop() may be called from any thread.

#ifndef LOADTEST_RSS_SAMPLER_H_
#define LOADTEST_RSS_SAMPLER_H_

#include <sys/types.h>

#include <thread>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"

namespace loadtest {

class RssSampler {
 public:
  struct Sample {
    absl::Time at;
    long kib;      // VmRSS
    long threads;  // Threads: each may own a malloc arena, so RSS steps often follow them
  };

  // Starts sampling `pid` every `interval` (the first sample at once).
  RssSampler(pid_t pid, absl::Duration interval);
  ~RssSampler();

  RssSampler(const RssSampler&) = delete;
  RssSampler& operator=(const RssSampler&) = delete;

  // Takes a last sample and stops. Idempotent.
  void Stop();

  std::vector<Sample> samples() const;

  // `field` ("VmRSS:", "VmHWM:", "Threads:") of /proc/<pid>/status: the number, in KiB for
  // memory; -1 when the process is gone.
  static long ReadKib(pid_t pid, absl::string_view field);

 private:
  void Take();

  const pid_t pid_;
  const absl::Duration interval_;
  absl::Notification stop_;
  mutable absl::Mutex mu_;
  std::vector<Sample> samples_ ABSL_GUARDED_BY(mu_);
  std::thread thread_;
};

}  // namespace loadtest

#endif  // LOADTEST_RSS_SAMPLER_H_

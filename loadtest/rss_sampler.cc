#include "loadtest/rss_sampler.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace loadtest {

RssSampler::RssSampler(pid_t pid, absl::Duration interval) : pid_(pid), interval_(interval) {
  thread_ = std::thread([this] {
    do {
      Take();
    } while (!stop_.WaitForNotificationWithTimeout(interval_));
  });
}

RssSampler::~RssSampler() { Stop(); }

void RssSampler::Stop() {
  if (!thread_.joinable()) return;
  stop_.Notify();
  thread_.join();
  Take();
}

std::vector<RssSampler::Sample> RssSampler::samples() const {
  absl::MutexLock lock(&mu_);
  return samples_;
}

void RssSampler::Take() {
  const long kib = ReadKib(pid_, "VmRSS:");
  const long threads = ReadKib(pid_, "Threads:");
  if (kib < 0) return;
  absl::MutexLock lock(&mu_);
  samples_.push_back(Sample{absl::Now(), kib, threads});
}

long RssSampler::ReadKib(pid_t pid, absl::string_view field) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, field.size(), field.data(), field.size()) == 0) {
      long kib = -1;
      std::sscanf(line.c_str() + field.size(), "%ld", &kib);  // "VmRSS:   12345 kB"
      return kib;
    }
  }
  return -1;
}

}  // namespace loadtest

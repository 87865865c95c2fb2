#include "server/http_budgets.h"

#include <sys/resource.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "server/http_listen.h"

namespace server {

bool BodyBudget::TryReserve(size_t bytes) {
  size_t used = used_.load(std::memory_order_relaxed);
  do {
    if (bytes > limit_ || used > limit_ - bytes) return false;
  } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
  return true;
}

absl::StatusOr<int> ReserveFileDescriptors(int requested, int default_connections) {
  rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return absl::InternalError(absl::StrCat("getrlimit(RLIMIT_NOFILE): ", ErrnoText(errno)));
  }
  int connections = requested > 0 ? requested : default_connections;
  if (requested == 0 && limit.rlim_max != RLIM_INFINITY &&
      limit.rlim_max < static_cast<uint64_t>(connections) + kReservedFds) {
    if (limit.rlim_max <= kReservedFds) {
      return absl::ResourceExhaustedError(absl::StrCat(
          "the hard RLIMIT_NOFILE is ", limit.rlim_max, "; the HTTP server needs more than ",
          kReservedFds, " file descriptors (ulimit -Hn, LimitNOFILE=)"));
    }
    connections = static_cast<int>(limit.rlim_max - kReservedFds);
  }
  const uint64_t needed = static_cast<uint64_t>(connections) + kReservedFds;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur >= needed) return connections;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < needed) {
    return absl::ResourceExhaustedError(
        absl::StrCat("max_connections=", connections, " needs about ", needed,
                     " file descriptors but the hard RLIMIT_NOFILE is ", limit.rlim_max,
                     "; lower max_connections (0 fits it to the limit) or raise the limit "
                     "(ulimit -Hn, LimitNOFILE=)"));
  }
  limit.rlim_cur = needed;
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return absl::InternalError(
        absl::StrCat("setrlimit(RLIMIT_NOFILE, ", needed, "): ", ErrnoText(errno)));
  }
  return connections;
}

}  // namespace server

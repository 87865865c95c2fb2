#include "server/request_limits.h"

#include "absl/strings/str_cat.h"

namespace server {

absl::Status RequestLimits::CheckBatchSize(int items) const {
  if (items <= max_batch_size) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("batch has ", items,
                                                 " items; the server's limit is ", max_batch_size,
                                                 " (--max_batch_size)"));
}

}  // namespace server

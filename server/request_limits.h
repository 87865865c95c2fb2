// The server's per-request limits, shared by every puzzle's handler.

#ifndef SERVER_REQUEST_LIMITS_H_
#define SERVER_REQUEST_LIMITS_H_

#include "absl/status/status.h"

namespace server {

struct RequestLimits {
  int max_batch_size = 10000;  // items in one SolveBatch call or one stream message
  int max_message_size = 16 * 1024 * 1024;
  int max_concurrent_streams = 100;  // gRPC calls in flight per client connection
  int http_threads = 4;              // HTTP requests answered at once

  // InvalidArgument "batch has N items; the server's limit is M (--max_batch_size)" when
  // `items` exceeds the limit.
  absl::Status CheckBatchSize(int items) const;
};

}  // namespace server

#endif  // SERVER_REQUEST_LIMITS_H_

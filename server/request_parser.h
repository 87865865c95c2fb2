// Reading a request's bytes the way a server facing careless or hostile clients must, before
// protobuf allocates anything for it:
//   - the wire format is well formed;
//   - every string field is valid UTF-8 (proto3 requires it; protobuf's own parser would fail
//     with no detail and write a log line per call), and a bad one is named by its path;
//   - a batch's repeated `items` field has at most the server's --max_batch_size entries,
//     counted on the wire, so a 1 MiB message of empty items is refused before it becomes
//     hundreds of thousands of objects.
// The gRPC services receive raw bytes (grpc::ByteBuffer) and parse through here, so a bad
// request is always INVALID_ARGUMENT with a message, never gRPC's bare UNIMPLEMENTED.
//
// Example:
//   v2::SolveBatchRequest request;
//   absl::Status s = ParseRequest(bytes, limits.max_batch_size, &request);
//   // InvalidArgument("request is not a valid puzzleoracle.v2.SolveBatchRequest: items[3].start
//   //                  is not valid UTF-8 (byte 2)")
//
// Thread-safety: pure functions.

#ifndef SERVER_REQUEST_PARSER_H_
#define SERVER_REQUEST_PARSER_H_

#include <grpcpp/support/byte_buffer.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace server {

// Checks `bytes` as an encoding of `message`'s type (see above) and parses it into `message`.
// `max_items` bounds a top-level repeated field named "items" (when the type has one).
// Errors (InvalidArgument):
//   "request is not a valid <type>: <path> is not valid UTF-8 (byte N)"
//   "request is not a valid <type>: malformed wire format at byte N"
//   "batch has N items; the server's limit is M (--max_batch_size)"
absl::Status ParseRequest(absl::string_view bytes, int max_items,
                          google::protobuf::Message* message);

// What ParseRequest does, always by the scan before the parse. ParseRequest parses a request
// whose type has no message fields and whose bytes are all ASCII at once, and scans only when
// that fails (for the message): protobuf accepts exactly what the scan does there, and the scan
// was a fifth of the server's own work on a unary Solve. request_parser_test holds the two to the
// same results.
absl::Status ScanAndParseRequest(absl::string_view bytes, int max_items,
                                 google::protobuf::Message* message);

// The same as ParseRequest, from a gRPC byte buffer.
absl::Status ParseRequest(const grpc::ByteBuffer& buffer, int max_items,
                          google::protobuf::Message* message);

// The bytes a call that runs on the SolveExecutor holds while it waits and runs, counted against
// --request_memory_mib: the request as received (`wire_bytes`, the transport's copy), the
// parsed message (protobuf's SpaceUsedLong), and kAnswerBytesPerItem for each answer to come
// (one per element of a top-level "items" field, or one). An estimate: the answer's size is
// known only once it is computed; kAnswerBytesPerItem covers an answer object, its serialised
// bytes and its JSON (request_parser_test measures it).
constexpr int64_t kAnswerBytesPerItem = 1024;
int64_t RequestFootprint(const google::protobuf::Message& parsed, size_t wire_bytes);

// Serialises `message` into `buffer` (replacing its contents): up to kFlatResponseMaxBytes into
// one slice of exactly its size, larger ones into gRPC's 8 KiB blocks (ProtoBufferWriter). The
// writer's stream and block set-up cost a unary cube2 Solve about as much as its table walk
// (bench/cube2_server_benchmark); a contiguous block of a batch's size is cheap to allocate.
inline constexpr size_t kFlatResponseMaxBytes = 1 << 20;
void SerializeResponse(const google::protobuf::Message& message, grpc::ByteBuffer* buffer);

}  // namespace server

#endif  // SERVER_REQUEST_PARSER_H_

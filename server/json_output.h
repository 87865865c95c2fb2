// JSON for the HTTP gateway's answers: protobuf's JSON printer (proto3 JSON mapping, lowerCamelCase
// names, no whitespace) with primitive fields always printed, so that "distance": 0 and
// "solvable": false appear.
//
// Why not MessageToJsonString on the whole message: with always_print_primitive_fields, protobuf
// 3.21 renders through DefaultValueObjectWriter, which builds a tree of the whole message before
// it writes a byte. heaptrack found it the largest holder of memory during the abuse soak
// (tools/abuse_soak.sh), and on bench/json_output_benchmark a 10,000-answer batch peaks at
// 37.1 MB of heap printed whole against 5.6 MB printed as here (both counting the batch and its
// 1.3 MB of JSON), in the same CPU time. A message whose only field is a repeated message (every
// batch and stream response, v1 and v2) is printed in chunks of 256 elements; the bytes are the
// same (json_output_test compares them, across chunk boundaries). Any other message goes to
// MessageToJsonString whole.
//
// Thread-safe; no state.

#ifndef SERVER_JSON_OUTPUT_H_
#define SERVER_JSON_OUTPUT_H_

#include <google/protobuf/message.h>

#include <string>

namespace server {

// The message as JSON, as described above.
std::string MessageToJson(const google::protobuf::Message& message);

}  // namespace server

#endif  // SERVER_JSON_OUTPUT_H_

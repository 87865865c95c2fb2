// JSON for the HTTP gateway's answers: protobuf's JSON printer (proto3 JSON mapping, lowerCamelCase
// names, no whitespace) with primitive fields always printed, so that "distance": 0 and
// "solvable": false appear.
//
// Why not MessageToJsonString on the whole message: with always_print_primitive_fields, protobuf
// 3.21 renders through DefaultValueObjectWriter, which builds a tree of the whole message before
// it writes a byte. Measured with heaptrack during the abuse soak (tools/abuse_soak.sh): about
// 27 MB at once for one 10,000-answer batch, some 20 times the JSON it produces, and two executor
// threads print at once. A message whose only field is a repeated message (every batch and stream
// response, v1 and v2) is printed one element at a time instead; the bytes are the same
// (json_output_test compares them). Any other message goes to MessageToJsonString whole.
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

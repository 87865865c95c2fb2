// Reading an HTTP request's JSON body into its protobuf request (the gateway's routes).
#ifndef SERVER_JSON_BODY_H_
#define SERVER_JSON_BODY_H_

#include <google/protobuf/message.h>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace server {

// The number of elements of the top-level "items" array of a JSON object, counted without
// parsing it (so that a body of a million empty items is refused before protobuf builds them).
// Malformed JSON counts what it can; the JSON parser then reports the real error.
int CountJsonItems(absl::string_view json);

// Parses `body` (proto3 JSON; unknown fields refused) into `message`. InvalidArgument "batch has
// N items; the server's limit is M (--max_batch_size)" when its "items" outnumber `max_items`,
// before anything is parsed; InvalidArgument "request body is not a valid JSON <Message>: ..."
// when it does not parse.
absl::Status ParseJsonBody(absl::string_view body, int max_items,
                           google::protobuf::Message* message);

}  // namespace server

#endif  // SERVER_JSON_BODY_H_

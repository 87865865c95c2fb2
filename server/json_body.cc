#include "server/json_body.h"

#include <google/protobuf/util/json_util.h>

#include <string>

#include "absl/strings/str_cat.h"

namespace server {

int CountJsonItems(absl::string_view json) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  std::string last_key;     // the last string at depth 1
  std::string string_text;  // the string being read, when at depth 1
  bool colon_after_key = false;
  int items_depth = -1;  // depth inside the items array, when in it
  bool expect_element = false;
  int count = 0;
  for (char c : json) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
        if (depth == 1) last_key = string_text;
      } else if (depth == 1 && string_text.size() < 8) {
        string_text.push_back(c);
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (depth == items_depth && expect_element && c != ']') {
      ++count;
      expect_element = false;
    }
    switch (c) {
      case '"':
        in_string = true;
        string_text.clear();
        break;
      case ':':
        colon_after_key = depth == 1;
        break;
      case '{':
        ++depth;
        break;
      case '[':
        ++depth;
        if (depth == 2 && colon_after_key && last_key == "items") {
          items_depth = 2;
          expect_element = true;
        }
        break;
      case '}':
      case ']':
        if (depth == items_depth) items_depth = -1;
        --depth;
        break;
      case ',':
        if (depth == items_depth) expect_element = true;
        if (depth == 1) colon_after_key = false;
        break;
      default:
        break;
    }
  }
  return count;
}

absl::Status ParseJsonBody(absl::string_view body, int max_items,
                           google::protobuf::Message* message) {
  const int items = CountJsonItems(body);
  if (items > max_items) {
    return absl::InvalidArgumentError(absl::StrCat(
        "batch has ", items, " items; the server's limit is ", max_items, " (--max_batch_size)"));
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(body.data(), body.size()), message, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("request body is not a valid JSON ",
                                                   message->GetDescriptor()->name(), ": ",
                                                   std::string(status.message())));
  }
  return absl::OkStatus();
}

}  // namespace server

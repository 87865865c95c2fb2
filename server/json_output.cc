#include "server/json_output.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <memory>

#include "absl/strings/str_cat.h"

namespace server {
namespace {

google::protobuf::util::JsonPrintOptions PrintOptions() {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  return options;
}

// The message's one field when it is a repeated message field (not a map), else null.
const google::protobuf::FieldDescriptor* OnlyRepeatedMessageField(
    const google::protobuf::Message& message) {
  const google::protobuf::Descriptor* descriptor = message.GetDescriptor();
  if (descriptor->field_count() != 1) return nullptr;
  const google::protobuf::FieldDescriptor* field = descriptor->field(0);
  if (!field->is_repeated() || field->is_map() ||
      field->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) {
    return nullptr;
  }
  return field;
}

}  // namespace

std::string MessageToJson(const google::protobuf::Message& message) {
  const google::protobuf::util::JsonPrintOptions options = PrintOptions();
  const google::protobuf::FieldDescriptor* field = OnlyRepeatedMessageField(message);
  std::string json;
  if (field == nullptr) {
    google::protobuf::util::MessageToJsonString(message, &json, options);
    return json;
  }
  // Chunks of kChunk elements, each printed as a message of the same type ({"<name>":[...]}),
  // keeping what is between the brackets: protobuf's per-call cost is paid once a chunk (one
  // element a call took 2.4 times the whole message's CPU time), and its tree holds one chunk.
  constexpr int kChunk = 256;
  const google::protobuf::Reflection* reflection = message.GetReflection();
  const int size = reflection->FieldSize(message, field);
  const std::string open = absl::StrCat("{\"", field->json_name(), "\":[");
  json = open;
  std::unique_ptr<google::protobuf::Message> chunk(message.New());
  std::string chunk_json;
  for (int begin = 0; begin < size; begin += kChunk) {
    chunk->Clear();
    const int end = std::min(size, begin + kChunk);
    for (int i = begin; i < end; ++i) {
      reflection->AddMessage(chunk.get(), field)
          ->CopyFrom(reflection->GetRepeatedMessage(message, field, i));
    }
    chunk_json.clear();
    google::protobuf::util::MessageToJsonString(*chunk, &chunk_json, options);
    // chunk_json is open + elements + "]}".
    if (begin > 0) json.push_back(',');
    json.append(chunk_json, open.size(), chunk_json.size() - open.size() - 2);
  }
  json += "]}";
  return json;
}

}  // namespace server

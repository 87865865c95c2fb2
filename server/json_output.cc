#include "server/json_output.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/json_util.h>

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
  const google::protobuf::Reflection* reflection = message.GetReflection();
  const int size = reflection->FieldSize(message, field);
  absl::StrAppend(&json, "{\"", field->json_name(), "\":[");
  std::string element;
  for (int i = 0; i < size; ++i) {
    element.clear();
    google::protobuf::util::MessageToJsonString(reflection->GetRepeatedMessage(message, field, i),
                                                &element, options);
    if (i > 0) json.push_back(',');
    json += element;
  }
  json += "]}";
  return json;
}

}  // namespace server

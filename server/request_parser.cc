#include "server/request_parser.h"

#include <grpcpp/impl/codegen/proto_utils.h>
#include <grpcpp/support/proto_buffer_writer.h>

#include <algorithm>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "rpc/utf8.h"

namespace server {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

// protobuf's own default recursion limit.
constexpr int kMaxDepth = 100;

struct Scan {
  absl::string_view bytes;
  std::string error;  // set on the first problem
  int top_level_items = 0;
  int items_field = -1;  // the top level's "items" field number, if any
};

// Where a field sits in the request, for error messages only: the names are built when a problem
// is found, so that a valid request (every item of a batch) costs no string allocation.
struct FieldPath {
  const FieldPath* parent;  // null at the top level
  const FieldDescriptor* field;
  int index;  // the element's index in a repeated field, else -1
};

std::string PathName(const FieldPath* path) {
  if (path == nullptr) return "";
  std::string name = PathName(path->parent);
  if (!name.empty()) name += '.';
  name += path->field->name();
  if (path->index >= 0) absl::StrAppend(&name, "[", path->index, "]");
  return name;
}

// Walks one message's fields (the stream is limited to it). False on the first problem, with
// scan->error set. `path` is where the message sits (null at the top level).
bool WalkMessage(CodedInputStream& in, const Descriptor* type, const FieldPath* path, int depth,
                 Scan* scan) {
  absl::InlinedVector<int, 8> seen(type->field_count(), 0);  // repeated index per field
  while (in.BytesUntilLimit() > 0) {
    const int at = in.CurrentPosition();
    const uint32_t tag = in.ReadTag();
    if (tag == 0) {
      scan->error = absl::StrCat("malformed wire format at byte ", at);
      return false;
    }
    const FieldDescriptor* field = type->FindFieldByNumber(static_cast<int>(tag >> 3));
    const bool length_delimited =
        WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    if (field == nullptr || !length_delimited ||
        (field->type() != FieldDescriptor::TYPE_STRING &&
         field->type() != FieldDescriptor::TYPE_MESSAGE)) {
      if (!WireFormatLite::SkipField(&in, tag)) {
        scan->error = absl::StrCat("malformed wire format at byte ", at);
        return false;
      }
      continue;
    }
    const FieldPath here{path, field, field->is_repeated() ? seen[field->index()] : -1};
    ++seen[field->index()];
    uint32_t length = 0;
    if (!in.ReadVarint32(&length) || length > static_cast<uint32_t>(in.BytesUntilLimit())) {
      scan->error = absl::StrCat("malformed wire format at byte ", at, " (", PathName(&here), ")");
      return false;
    }
    const int start = in.CurrentPosition();
    if (field->type() == FieldDescriptor::TYPE_STRING) {
      size_t bad = 0;
      if (!rpc::IsValidUtf8(scan->bytes.substr(start, length), &bad)) {
        scan->error = absl::StrCat(PathName(&here), " is not valid UTF-8 (byte ", bad + 1, ")");
        return false;
      }
      in.Skip(static_cast<int>(length));
      continue;
    }
    if (depth == 0 && field->number() == scan->items_field) ++scan->top_level_items;
    if (depth + 1 >= kMaxDepth) {
      scan->error = absl::StrCat(PathName(&here), " nests deeper than ", kMaxDepth, " messages");
      return false;
    }
    const CodedInputStream::Limit limit = in.PushLimit(static_cast<int>(length));
    if (!WalkMessage(in, field->message_type(), &here, depth + 1, scan)) return false;
    in.PopLimit(limit);
  }
  return true;
}

// The number of a message type's repeated "items" field (a batch), or -1. A loop over the few
// fields rather than FindFieldByName, which hashes the name on every request.
int ItemsFieldNumber(const Descriptor* type) {
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* field = type->field(i);
    if (field->is_repeated() && field->name() == "items") return field->number();
  }
  return -1;
}

// True when protobuf's own parser accepts exactly what the scan accepts, so that a request can be
// parsed first and scanned only to explain a failure: the type has no message fields (the scan's
// nesting limit and item count do not apply) and every byte is ASCII (every string is valid
// UTF-8). Single requests (Solve, Scramble) are tens of bytes, and this is most of them.
bool ParsesLikeTheScan(absl::string_view bytes, const Descriptor* type) {
  for (int i = 0; i < type->field_count(); ++i) {
    if (type->field(i)->type() == FieldDescriptor::TYPE_MESSAGE) return false;
  }
  return std::none_of(bytes.begin(), bytes.end(),
                      [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

}  // namespace

absl::Status ParseRequest(absl::string_view bytes, int max_items,
                          google::protobuf::Message* message) {
  if (ParsesLikeTheScan(bytes, message->GetDescriptor()) &&
      message->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return absl::OkStatus();
  }
  message->Clear();  // a failed parse may have set fields; the scan says what is wrong
  return ScanAndParseRequest(bytes, max_items, message);
}

absl::Status ScanAndParseRequest(absl::string_view bytes, int max_items,
                                 google::protobuf::Message* message) {
  const Descriptor* type = message->GetDescriptor();
  Scan scan;
  scan.bytes = bytes;
  scan.items_field = ItemsFieldNumber(type);
  CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()),
                      static_cast<int>(bytes.size()));
  in.PushLimit(static_cast<int>(bytes.size()));
  if (!WalkMessage(in, type, nullptr, 0, &scan)) {
    return absl::InvalidArgumentError(
        absl::StrCat("request is not a valid ", type->full_name(), ": ", scan.error));
  }
  if (scan.items_field >= 0 && scan.top_level_items > max_items) {
    return absl::InvalidArgumentError(absl::StrCat("batch has ", scan.top_level_items,
                                                   " items; the server's limit is ", max_items,
                                                   " (--max_batch_size)"));
  }
  if (!message->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return absl::InvalidArgumentError(absl::StrCat("request is not a valid ", type->full_name()));
  }
  return absl::OkStatus();
}

absl::Status ParseRequest(const grpc::ByteBuffer& buffer, int max_items,
                          google::protobuf::Message* message) {
  grpc::Slice single;
  if (buffer.TrySingleSlice(&single).ok()) {  // the usual case, without a vector of slices
    return ParseRequest(
        absl::string_view(reinterpret_cast<const char*>(single.begin()), single.size()), max_items,
        message);
  }
  std::vector<grpc::Slice> slices;
  if (!buffer.Dump(&slices).ok()) {
    return absl::InvalidArgumentError("request bytes could not be read");
  }
  if (slices.size() == 1) {
    return ParseRequest(
        absl::string_view(reinterpret_cast<const char*>(slices[0].begin()), slices[0].size()),
        max_items, message);
  }
  std::string bytes;
  bytes.reserve(buffer.Length());
  for (const grpc::Slice& slice : slices) {
    bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return ParseRequest(bytes, max_items, message);
}

int64_t RequestFootprint(const google::protobuf::Message& parsed, size_t wire_bytes) {
  int64_t answers = 1;
  const google::protobuf::FieldDescriptor* items = parsed.GetDescriptor()->FindFieldByName("items");
  if (items != nullptr && items->is_repeated()) {
    answers = std::max(1, parsed.GetReflection()->FieldSize(parsed, items));
  }
  return static_cast<int64_t>(wire_bytes) + static_cast<int64_t>(parsed.SpaceUsedLong()) +
         answers * kAnswerBytesPerItem;
}

void SerializeResponse(const google::protobuf::Message& message, grpc::ByteBuffer* buffer) {
  const size_t size = message.ByteSizeLong();
  if (size > kFlatResponseMaxBytes) {
    buffer->Clear();  // the writer appends to an empty buffer only
    bool own_buffer = false;
    grpc::GenericSerialize<grpc::ProtoBufferWriter, google::protobuf::Message>(message, buffer,
                                                                               &own_buffer);
    return;
  }
  // One slice of exactly the message's size, written in place with the sizes ByteSizeLong cached.
  grpc::Slice slice(size);
  message.SerializeWithCachedSizesToArray(const_cast<uint8_t*>(slice.begin()));
  grpc::ByteBuffer flat(&slice, 1);
  buffer->Swap(&flat);
}

}  // namespace server

// Fuzz target: server::ParseRequest, the reader of every gRPC request's raw
// bytes, for every request message type of puzzleoracle.v1 and
// puzzleoracle.v2 (the input types of their services' methods, found in the
// generated descriptors, so a new method is fuzzed without an edit here).
//
// The first byte picks the type (byte % count, in descriptor order:
// RequestTypes); the rest is the request, parsed with max_items = kMaxItems.
// Properties:
//   - accepted: the message's top-level "items" (when it has them) are at
//     most kMaxItems; every string in it is valid UTF-8 (by an independent
//     validator); it re-serialises to bytes that ParseRequest accepts again,
//     giving an equal message that serialises to the same bytes;
//   - rejected: InvalidArgument whose message starts with "request is not a
//     valid <full type name>" or is "batch has N items; ..." with N >
//     kMaxItems for a type with items; a request refused as "malformed wire
//     format at byte K" names a byte of the input and is refused by
//     protobuf's own parser too (ParseRequest is stricter than protobuf only
//     in what it documents: UTF-8, nesting, item count);
//   - rpc::IsValidUtf8 agrees with the independent validator on the whole
//     input, including the offset of the first bad byte;
//   - never a crash.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_check.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "google/protobuf/util/message_differencer.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.pb.h"
#include "rpc/utf8.h"
#include "server/request_parser.h"

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

constexpr int kMaxItems = 4;

// Every method's input type of every service in the two API files, once each.
const std::vector<const Message*>& RequestTypes() {
  static const auto* const types = [] {
    auto* out = new std::vector<const Message*>();
    for (const google::protobuf::FileDescriptor* file :
         {puzzleoracle::v1::SolveRequest::descriptor()->file(),
          puzzleoracle::v2::SolveRequest::descriptor()->file()}) {
      for (int s = 0; s < file->service_count(); ++s) {
        for (int m = 0; m < file->service(s)->method_count(); ++m) {
          const Descriptor* type = file->service(s)->method(m)->input_type();
          const Message* prototype =
              google::protobuf::MessageFactory::generated_factory()->GetPrototype(type);
          bool seen = false;
          for (const Message* known : *out) seen |= known == prototype;
          if (!seen) out->push_back(prototype);
        }
      }
    }
    return out;
  }();
  return *types;
}

// UTF-8 by the table of well-formed byte sequences (Unicode 15, table 3-7),
// written independently of rpc::IsValidUtf8. On failure, `bad` is the
// offset of the first byte that does not start a well-formed sequence.
bool WellFormedUtf8(absl::string_view s, size_t* bad) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t length = 1;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (c <= 0x7F) {
      ++i;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
    } else if (c == 0xE0) {
      length = 3, low = 0xA0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      length = 3;
    } else if (c == 0xED) {
      length = 3, high = 0x9F;
    } else if (c == 0xF0) {
      length = 4, low = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
      length = 4;
    } else if (c == 0xF4) {
      length = 4, high = 0x8F;
    } else {
      *bad = i;
      return false;
    }
    bool ok = i + length <= s.size();
    for (size_t k = 1; ok && k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(s[i + k]);
      ok = k == 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xBF;
    }
    if (!ok) {
      *bad = i;
      return false;
    }
    i += length;
  }
  return true;
}

void CheckStringsAreUtf8(const Message& message, const std::string& path) {
  const google::protobuf::Reflection* reflection = message.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(message, &fields);
  for (const FieldDescriptor* field : fields) {
    const int count = field->is_repeated() ? reflection->FieldSize(message, field) : 1;
    for (int i = 0; i < count; ++i) {
      const std::string where = absl::StrCat(path, field->name(), "[", i, "]");
      if (field->type() == FieldDescriptor::TYPE_STRING) {
        const std::string value = field->is_repeated()
                                      ? reflection->GetRepeatedString(message, field, i)
                                      : reflection->GetString(message, field);
        size_t bad = 0;
        FUZZ_CHECK(
            WellFormedUtf8(value, &bad),
            absl::StrCat("accepted, with ", where, " = '", absl::CHexEscape(value), "' not UTF-8"));
      } else if (field->type() == FieldDescriptor::TYPE_MESSAGE) {
        CheckStringsAreUtf8(field->is_repeated() ? reflection->GetRepeatedMessage(message, field, i)
                                                 : reflection->GetMessage(message, field),
                            where + ".");
      }
    }
  }
}

void CheckAccepted(const Message& message) {
  const Descriptor* type = message.GetDescriptor();
  const std::string name = type->full_name();
  const FieldDescriptor* items = type->FindFieldByName("items");
  if (items != nullptr && items->is_repeated()) {
    const int count = message.GetReflection()->FieldSize(message, items);
    FUZZ_CHECK(count <= kMaxItems, absl::StrCat(name, " accepted with ", count, " items"));
  }
  CheckStringsAreUtf8(message, "");
  const std::string bytes = message.SerializeAsString();
  std::unique_ptr<Message> again(message.New());
  const absl::Status status = server::ParseRequest(bytes, kMaxItems, again.get());
  FUZZ_CHECK(status.ok(), absl::StrCat(name, ": re-serialised, rejected: ", status.ToString()));
  FUZZ_CHECK(google::protobuf::util::MessageDifferencer::Equals(message, *again),
             absl::StrCat(name, ": re-serialised, parses to another message"));
  FUZZ_CHECK(again->SerializeAsString() == bytes,
             absl::StrCat(name, ": serialisation is not stable"));
}

void CheckRejected(const Message& prototype, absl::string_view bytes, const absl::Status& status) {
  const Descriptor* type = prototype.GetDescriptor();
  const std::string what = absl::StrCat(type->full_name(), ": ", status.ToString());
  FUZZ_CHECK(status.code() == absl::StatusCode::kInvalidArgument, what);
  const absl::string_view message = status.message();
  const std::string not_valid = absl::StrCat("request is not a valid ", type->full_name());
  if (absl::StartsWith(message, "batch has ")) {
    const FieldDescriptor* items = type->FindFieldByName("items");
    FUZZ_CHECK(items != nullptr && items->is_repeated(), what);
    absl::string_view rest = message.substr(10);
    int count = 0;
    FUZZ_CHECK(absl::SimpleAtoi(rest.substr(0, rest.find(' ')), &count) && count > kMaxItems, what);
    return;
  }
  FUZZ_CHECK(message == not_valid || absl::StartsWith(message, not_valid + ": "), what);
  const std::string malformed = not_valid + ": malformed wire format at byte ";
  if (!absl::StartsWith(message, malformed)) return;
  absl::string_view at = message.substr(malformed.size());
  at = at.substr(0, at.find(' '));
  size_t byte = 0;
  FUZZ_CHECK(absl::SimpleAtoi(at, &byte) && byte < bytes.size(), what);
  std::unique_ptr<Message> plain(prototype.New());
  FUZZ_CHECK(!plain->ParseFromArray(bytes.data(), static_cast<int>(bytes.size())),
             absl::StrCat(what, "; protobuf's own parser accepts it"));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view input = fuzz::AsText(data, size);
  size_t server_bad = 0, bad = 0;
  const bool server_valid = rpc::IsValidUtf8(input, &server_bad);
  const bool valid = WellFormedUtf8(input, &bad);
  FUZZ_CHECK(
      server_valid == valid && (valid || server_bad == bad),
      absl::StrCat("IsValidUtf8 says ", server_valid, " (byte ", server_bad, "), expected ", valid,
                   " (byte ", bad, ") for '", absl::CHexEscape(input.substr(0, 64)), "'"));
  if (size == 0) return 0;
  const std::vector<const Message*>& types = RequestTypes();
  const Message& prototype = *types[data[0] % types.size()];
  const absl::string_view bytes = input.substr(1);
  std::unique_ptr<Message> message(prototype.New());
  const absl::Status status = server::ParseRequest(bytes, kMaxItems, message.get());
  if (status.ok()) {
    CheckAccepted(*message);
  } else {
    CheckRejected(prototype, bytes, status);
  }
  return 0;
}

// Writes the seed corpus of request_parser_fuzzer: for every request type it
// fuzzes (in its order: the first byte of a seed selects the type), requests
// that reach each of server::ParseRequest's outcomes: empty, every field set
// (strings, numbers, nested items), items at and over the limit, a string
// that is not UTF-8, and a truncated encoding.
//
//   bazel run //fuzz:make_request_seeds --
//   $PWD/fuzz/corpus/request_parser_fuzzer
//
// The type order must match request_parser_fuzzer.cc's RequestTypes (the
// input types of every method of every service of the v1 and v2 files, in
// descriptor order, each once).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.pb.h"

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// A marker string the non-UTF-8 seed replaces with a bad byte sequence.
constexpr char kMarker[] = "MARKER";

std::vector<const Message*> RequestTypes() {
  std::vector<const Message*> out;
  for (const google::protobuf::FileDescriptor* file :
       {puzzleoracle::v1::SolveRequest::descriptor()->file(),
        puzzleoracle::v2::SolveRequest::descriptor()->file()}) {
    for (int s = 0; s < file->service_count(); ++s) {
      for (int m = 0; m < file->service(s)->method_count(); ++m) {
        const Message* prototype =
            google::protobuf::MessageFactory::generated_factory()->GetPrototype(
                file->service(s)->method(m)->input_type());
        bool seen = false;
        for (const Message* known : out) seen |= known == prototype;
        if (!seen) out.push_back(prototype);
      }
    }
  }
  return out;
}

std::string SampleString(const FieldDescriptor* field, bool rotation) {
  const std::string& name = field->name();
  if (name == "puzzle") return rotation ? "rotation-game" : "eight";
  if (name == "board") return "111111112222222233333333";
  if (name == "start")
    return rotation ? "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3" : "12X453786";
  if (name == "goal") return rotation ? "" : "12345678X";
  return "x";
}

// Sets every field of `message`; repeated message fields get `items` entries.
void Fill(Message* message, int items, bool rotation, int depth) {
  const Descriptor* type = message->GetDescriptor();
  const Reflection* r = message->GetReflection();
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* f = type->field(i);
    const bool repeated = f->is_repeated();
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_STRING:
        repeated ? r->AddString(message, f, SampleString(f, rotation))
                 : r->SetString(message, f, SampleString(f, rotation));
        break;
      case FieldDescriptor::CPPTYPE_INT32:
        repeated ? r->AddInt32(message, f, 20) : r->SetInt32(message, f, 20);
        break;
      case FieldDescriptor::CPPTYPE_INT64:
        repeated ? r->AddInt64(message, f, 7) : r->SetInt64(message, f, 7);
        break;
      case FieldDescriptor::CPPTYPE_UINT32:
        repeated ? r->AddUInt32(message, f, 7) : r->SetUInt32(message, f, 7);
        break;
      case FieldDescriptor::CPPTYPE_UINT64:
        repeated ? r->AddUInt64(message, f, 42) : r->SetUInt64(message, f, 42);
        break;
      case FieldDescriptor::CPPTYPE_BOOL:
        repeated ? r->AddBool(message, f, true) : r->SetBool(message, f, true);
        break;
      case FieldDescriptor::CPPTYPE_DOUBLE:
        repeated ? r->AddDouble(message, f, 1.5) : r->SetDouble(message, f, 1.5);
        break;
      case FieldDescriptor::CPPTYPE_FLOAT:
        repeated ? r->AddFloat(message, f, 1.5f) : r->SetFloat(message, f, 1.5f);
        break;
      case FieldDescriptor::CPPTYPE_ENUM:
        repeated ? r->AddEnumValue(message, f, 1) : r->SetEnumValue(message, f, 1);
        break;
      case FieldDescriptor::CPPTYPE_MESSAGE:
        if (depth >= 3) break;
        if (repeated) {
          for (int k = 0; k < items; ++k) {
            Fill(r->AddMessage(message, f), items, rotation, depth + 1);
          }
        } else {
          Fill(r->MutableMessage(message, f), items, rotation, depth + 1);
        }
        break;
    }
  }
}

// The first string field set to kMarker, at any depth; false if none.
bool Mark(Message* message, int depth) {
  const Descriptor* type = message->GetDescriptor();
  const Reflection* r = message->GetReflection();
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* f = type->field(i);
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING && !f->is_repeated()) {
      r->SetString(message, f, kMarker);
      return true;
    }
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && depth < 3) {
      Message* child = f->is_repeated() ? (r->FieldSize(*message, f) > 0
                                               ? r->MutableRepeatedMessage(message, f, 0)
                                               : r->AddMessage(message, f))
                                        : r->MutableMessage(message, f);
      if (Mark(child, depth + 1)) return true;
    }
  }
  return false;
}

bool Write(const std::string& dir, const std::string& name, char selector,
           const std::string& bytes) {
  const std::string path = absl::StrCat(dir, "/", name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.put(selector);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return false;
  }
  std::printf("%s: %zu bytes\n", path.c_str(), bytes.size() + 1);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  bool ok = true;
  const std::vector<const Message*> types = RequestTypes();
  for (size_t i = 0; i < types.size(); ++i) {
    const Descriptor* type = types[i]->GetDescriptor();
    const char selector = static_cast<char>(i);
    const bool rotation = type->name().find("Rotation") != std::string::npos;
    const std::string base =
        absl::StrReplaceAll(type->full_name(), {{"puzzleoracle.", ""}, {".", "_"}});
    ok &= Write(dir, base + "_empty", selector, "");
    if (type->field_count() == 0) continue;
    std::unique_ptr<Message> full(types[i]->New());
    Fill(full.get(), 2, rotation, 0);
    const std::string bytes = full->SerializeAsString();
    ok &= Write(dir, base + "_full", selector, bytes);
    ok &= Write(dir, base + "_truncated", selector, bytes.substr(0, bytes.size() - 1));
    const FieldDescriptor* items = type->FindFieldByName("items");
    if (items != nullptr && items->is_repeated()) {
      std::unique_ptr<Message> many(types[i]->New());
      Fill(many.get(), 4, rotation, 0);
      ok &= Write(dir, base + "_4_items", selector, many->SerializeAsString());
      many->Clear();
      Fill(many.get(), 5, rotation, 0);
      ok &= Write(dir, base + "_5_items", selector, many->SerializeAsString());
    }
    std::unique_ptr<Message> marked(types[i]->New());
    Fill(marked.get(), 1, rotation, 0);
    if (Mark(marked.get(), 0)) {
      // "\xc3\x28": a lead byte without its continuation byte (same length).
      ok &= Write(dir, base + "_not_utf8", selector,
                  absl::StrReplaceAll(marked->SerializeAsString(), {{kMarker, "ab\xc3\x28yz"}}));
    }
  }
  return ok ? 0 : 1;
}

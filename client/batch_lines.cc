#include "client/batch_lines.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "puzzleoracle/v2/batch_line.pb.h"
#include "rpc/utf8.h"

namespace client {
namespace {

// absl::StripAsciiWhitespace, inlined: Debian's Abseil calls ascii_isspace through a function
// pointer for every byte it looks at, a measurable part of reading a table lookup's line.
absl::string_view StripSpaces(absl::string_view text) {
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

absl::Status LineError(uint64_t line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
}

// A JSON line's fields into `item`, through protobuf's JSON parser into a BatchLine message
// (puzzleoracle/v2/batch_line.proto), which names an unknown field or a wrong type itself.
void ReadJsonLine(absl::string_view text, BatchItem* item) {
  puzzleoracle::v2::BatchLine line;
  const auto parsed = google::protobuf::util::JsonStringToMessage(std::string(text), &line);
  if (!parsed.ok()) {
    // The parser's message, without the caret lines it adds.
    const std::string message = parsed.message().as_string();
    item->error =
        LineError(item->line, absl::StrCat("not a query: ", message.substr(0, message.find('\n'))));
    return;
  }
  if (line.has_id()) {
    const google::protobuf::Value& id = line.id();
    if (id.kind_case() == google::protobuf::Value::kNumberValue) {
      const double n = id.number_value();
      item->id_json = n == std::floor(n) && std::fabs(n) < 9007199254740992.0
                          ? absl::StrFormat("%.0f", n)
                          : absl::StrFormat("%.17g", n);
    } else if (id.kind_case() == google::protobuf::Value::kStringValue) {
      item->id_json = JsonString(id.string_value());
    } else if (id.kind_case() != google::protobuf::Value::kNullValue) {
      item->error = LineError(item->line, "field \"id\" must be a string or a number");
      return;
    }
  }
  if (!line.has_start()) {
    item->error = LineError(item->line, "field \"start\" is missing");
    return;
  }
  if (!line.puzzle().empty()) item->puzzle = line.puzzle();
  item->query.start = line.start();
  item->query.goal = line.goal();
  item->query.metric = line.metric();
  item->query.mode = line.mode();
}

}  // namespace

BatchItem ReadBatchLine(absl::string_view text, uint64_t line, const std::string& default_puzzle,
                        bool (*space_separated_moves)(const std::string& puzzle)) {
  BatchItem item;
  item.line = line;
  item.puzzle = default_puzzle;
  absl::ConsumeSuffix(&text, "\r");
  const absl::string_view trimmed = StripSpaces(text);
  if (trimmed.empty()) {
    item.error = LineError(line, "empty; expected START, START<TAB>GOAL or a JSON object");
    return item;
  }
  if (trimmed.front() == '{') {
    ReadJsonLine(trimmed, &item);
    return item;
  }
  const size_t tab = text.find('\t');
  if (tab != absl::string_view::npos) {
    item.query.start = std::string(StripSpaces(text.substr(0, tab)));
    item.query.goal = std::string(StripSpaces(text.substr(tab + 1)));
    return item;
  }
  // Two words: one run of spaces inside the trimmed line, and no other.
  const size_t space = trimmed.find(' ');
  const size_t second =
      space == absl::string_view::npos ? space : trimmed.find_first_not_of(' ', space);
  const bool two_words =
      second != absl::string_view::npos && trimmed.find(' ', second) == absl::string_view::npos;
  if (two_words && !space_separated_moves(default_puzzle)) {
    item.query.start = std::string(trimmed.substr(0, space));
    item.query.goal = std::string(trimmed.substr(second));
  } else {
    item.query.start = std::string(trimmed);
  }
  return item;
}

absl::Status UnknownPuzzleError(absl::string_view name) {
  return absl::InvalidArgumentError(absl::StrCat("puzzle: '", absl::CHexEscape(name.substr(0, 32)),
                                                 "' is not a puzzle (oracle_client list)"));
}

std::string JsonString(absl::string_view text) {
  std::string out;
  AppendJsonString(text, &out);
  return out;
}

void AppendJsonString(absl::string_view text, std::string* out_string) {
  std::string& out = *out_string;
  // Most strings (boards, moves, names) need no escape: copied as they are.
  const auto needs_escape = [](char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return u < 0x20 || u >= 0x80 || c == '"' || c == '\\';
  };
  if (std::none_of(text.begin(), text.end(), needs_escape)) {
    out.reserve(out.size() + text.size() + 2);
    out += '"';
    out.append(text.data(), text.size());
    out += '"';
    return;
  }
  size_t bad = 0;
  const bool utf8 = rpc::IsValidUtf8(text, &bad);
  out += '"';
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        // Control characters, and every byte above 0x7F of text that is not UTF-8 (read as
        // Latin-1), are escaped: the output is always valid JSON in UTF-8.
        if (u < 0x20 || (u >= 0x80 && !utf8)) {
          absl::StrAppendFormat(&out, "\\u%04x", u);
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

std::string FormatBatchAnswer(const BatchItem& item, const absl::Status& status,
                              const puzzle::Answer& answer, bool timing) {
  std::string out;
  AppendBatchAnswer(item, status, answer, timing, &out);
  return out;
}

void AppendBatchAnswer(const BatchItem& item, const absl::Status& status,
                       const puzzle::Answer& answer, bool timing, std::string* out) {
  absl::StrAppend(out, "{\"line\":", item.line, ",\"id\":", item.id_json, ",\"puzzle\":");
  AppendJsonString(item.puzzle, out);
  const absl::Status& error = item.error.ok() ? status : item.error;
  if (!error.ok()) {
    out->append(",\"error\":{\"code\":");
    AppendJsonString(absl::StatusCodeToString(error.code()), out);
    out->append(",\"message\":");
    AppendJsonString(error.message(), out);
    out->append("}}\n");
    return;
  }
  absl::StrAppend(out, ",\"distance\":", answer.distance, ",\"moves\":");
  AppendJsonString(answer.moves, out);
  if (timing) {
    // Milliseconds with 3 decimals (printf's "%.3f", but in integers: this is on every answer
    // line, and a table lookup's line is otherwise cheap), from the time rounded to microseconds.
    const int64_t micros = std::max<int64_t>(
        0, absl::ToInt64Microseconds(answer.search_time + absl::Nanoseconds(500)));
    const int64_t fraction = micros % 1000;
    absl::StrAppend(out, ",\"nodes\":", answer.nodes, ",\"ms\":", micros / 1000,
                    fraction < 10    ? ".00"
                    : fraction < 100 ? ".0"
                                     : ".",
                    fraction);
  }
  out->append("}\n");
}

absl::StatusOr<uint64_t> BatchAnswerLine(absl::string_view output_line) {
  absl::string_view rest = output_line;
  uint64_t line = 0;
  if (!absl::ConsumePrefix(&rest, "{\"line\":")) {
    return absl::InvalidArgumentError("does not begin with {\"line\":");
  }
  const size_t comma = rest.find(',');
  if (comma == absl::string_view::npos || !absl::SimpleAtoi(rest.substr(0, comma), &line) ||
      line == 0 || !absl::EndsWith(absl::StripTrailingAsciiWhitespace(rest), "}")) {
    return absl::InvalidArgumentError("is not an answer line of this format");
  }
  return line;
}

}  // namespace client

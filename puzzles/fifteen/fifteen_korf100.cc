#include "puzzles/fifteen/fifteen_korf100.h"

#include <fstream>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace puzzle {

absl::StatusOr<std::vector<KorfInstance>> ParseKorf100(absl::string_view text) {
  std::vector<KorfInstance> out;
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  bool want_header = true;
  for (size_t i = 0; i < lines.size(); ++i) {
    absl::string_view line = absl::StripAsciiWhitespace(lines[i]);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = absl::StrCat("korf100 line ", i + 1);
    if (want_header) {
      std::vector<absl::string_view> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
      KorfInstance instance;
      if (fields.size() != 3 || !absl::SimpleAtoi(fields[0], &instance.id) ||
          !absl::SimpleAtoi(fields[1], &instance.optimal_length) ||
          !absl::SimpleAtoi(fields[2], &instance.korf85_nodes)) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": expected 'ID OPTIMAL_LENGTH KORF85_NODES'"));
      }
      out.push_back(instance);
    } else {
      absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(line, where);
      if (!board.ok()) return board.status();
      out.back().board = *board;
    }
    want_header = !want_header;
  }
  if (!want_header) return absl::InvalidArgumentError("korf100: the last instance has no board");
  return out;
}

absl::StatusOr<std::vector<KorfInstance>> ReadKorf100(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::stringstream text;
  text << in.rdbuf();
  return ParseKorf100(text.str());
}

}  // namespace puzzle

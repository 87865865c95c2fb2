// Fuzz target: every judge format of every puzzle in the registry (puzzle.h's
// JudgeFormat::run) over arbitrary input, answered from the real tables.
//
// Which format: when the input's first line is a registered format's name
// ("hdu3567\n..."), that format reads the rest; otherwise format number
// (first byte % count), in registry order, reads the whole input. The corpus
// names its format on the first line, so each seed stays with its format.
//
// The answers come from puzzle::LoadPuzzle(puzzle, $FUZZ_TABLES_DIR, default
// "data": where Bazel's runfiles put //data:tables), loaded once per process,
// through fuzz::AuditingOracle (puzzle_checks.h): every answer passes
// CheckAnswer, is optimal and lexicographically smallest (its suffixes are
// re-solved), agrees between Solve and SolveBatch; every rejected query is
// rejected exactly as the puzzle's own board readers reject it,
// InvalidArgument naming the field, with a short message.
//
// Properties of the run, for every format:
//   - the status is OK; or InvalidArgument "N of M cases were malformed (see
//     above)" with 1 <= N <= M and N = (queries the oracle rejected) + (cases
//     never sent to it): a case is answered through the oracle or is
//     malformed, never silently dropped; or a rejection of the input as a
//     whole, "line L: ...", with nothing printed and nothing asked;
//   - OK means the oracle rejected nothing;
//   - every error line starts with "case " or "note: ", and there are at
//     least N "case " lines; both streams end with a newline when not empty;
//     the output, the error lines and the status message are printable ASCII
//     (whatever bytes the input holds, it is quoted escaped, never echoed);
//   - work and output are linear in the input: the queries hold at most the
//     input's bytes and are at most its tokens, the cases M at most one more
//     than its tokens (a count such as hdu3567's T is not trusted), and
//     output plus errors at most kOutputPerInputByte bytes per input byte
//     plus kOutputSlack;
//   - the puzzle's own judge examples give exactly their documented output.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/puzzle_checks.h"
#include "puzzle/puzzle.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/registry.h"

namespace {

using puzzle::JudgeFormat;
using puzzle::Puzzle;

// The worst case measured is a stream of tiny malformed hdu3567 cases: four
// input bytes ("x\nx\n") earn a placeholder and a ~100-byte error line.
constexpr size_t kOutputPerInputByte = 64;
constexpr size_t kOutputSlack = 1024;

struct Selected {
  const Puzzle* puzzle;
  const JudgeFormat* format;
  absl::string_view input;
};

Selected Select(absl::string_view text) {
  const size_t newline = text.find('\n');
  if (newline != absl::string_view::npos) {
    absl::StatusOr<puzzle::RegisteredJudgeFormat> named =
        puzzle::FindJudgeFormat(text.substr(0, newline));
    if (named.ok()) {
      return {named->puzzle, named->format, text.substr(newline + 1)};
    }
  }
  std::vector<Selected> all;
  for (const Puzzle* p : puzzle::AllPuzzles()) {
    for (const JudgeFormat& format : p->judge_formats()) {
      all.push_back({p, &format, text});
    }
  }
  FUZZ_CHECK(!all.empty(), "the registry has no judge format");
  const size_t pick = text.empty() ? 0 : static_cast<uint8_t>(text[0]);
  return all[pick % all.size()];
}

std::string TablesDir() {
  const char* env = std::getenv("FUZZ_TABLES_DIR");
  return env != nullptr && *env != '\0' ? env : "data";
}

// The puzzle's solver over the verified tables, loaded on first use.
const puzzle::Solver& SolverFor(const Puzzle& p) {
  static auto* const loaded = new std::map<const Puzzle*, std::unique_ptr<puzzle::LoadedPuzzle>>();
  std::unique_ptr<puzzle::LoadedPuzzle>& slot = (*loaded)[&p];
  if (slot == nullptr) {
    absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> opened =
        puzzle::LoadPuzzle(p, TablesDir());
    if (!opened.ok()) {
      std::fprintf(stderr,
                   "judge_fuzzer: cannot load the tables of '%s' from '%s' "
                   "(set FUZZ_TABLES_DIR to bazel-bin/data): %s\n",
                   p.info().name.c_str(), TablesDir().c_str(), opened.status().ToString().c_str());
      std::abort();
    }
    slot = *std::move(opened);
  }
  return slot->solver();
}

size_t CountTokens(absl::string_view text) {
  size_t tokens = 0;
  bool in_token = false;
  for (char c : text) {
    const bool space = absl::ascii_isspace(static_cast<unsigned char>(c));
    if (!space && !in_token) ++tokens;
    in_token = !space;
  }
  return tokens;
}

// N and M of "N of M cases were malformed (see above)".
bool ParseMalformed(absl::string_view message, size_t* bad, size_t* cases) {
  const std::vector<absl::string_view> words = absl::StrSplit(message, ' ');
  return words.size() == 8 && words[1] == "of" &&
         absl::EndsWith(message, " cases were malformed (see above)") &&
         absl::SimpleAtoi(words[0], bad) && absl::SimpleAtoi(words[2], cases);
}

void FuzzJudge(const Selected& selected) {
  const Puzzle& p = *selected.puzzle;
  const JudgeFormat& format = *selected.format;
  const absl::string_view input = selected.input;
  fuzz::AuditingOracle oracle(p, SolverFor(p));
  std::ostringstream output_stream, error_stream;
  const absl::Status status = format.run(input, oracle, output_stream, error_stream);
  const std::string output = output_stream.str();
  const std::string errors = error_stream.str();
  const std::string what =
      absl::StrCat(format.name, ": ", status.ToString(), "; ", oracle.calls(), " oracle calls, ",
                   oracle.queries(), " queries, ", oracle.rejected(), " rejected; ", output.size(),
                   " bytes out, ", errors.size(), " bytes of errors, ", input.size(), " bytes in");

  FUZZ_CHECK(status.ok() || status.code() == absl::StatusCode::kInvalidArgument, what);
  FUZZ_CHECK(fuzz::IsPrintable(status.message(), false),
             absl::StrCat(format.name, ": the message is not printable ASCII: ",
                          absl::CHexEscape(status.message())));
  size_t bad = 0;
  size_t cases = 0;
  const bool malformed = !status.ok() && ParseMalformed(status.message(), &bad, &cases);
  if (!status.ok() && !malformed) {
    // The input rejected as a whole (hdu3567's count line, an empty poj1077).
    FUZZ_CHECK(absl::StartsWith(status.message(), "line "), what);
    FUZZ_CHECK(output.empty() && errors.empty() && oracle.queries() == 0, what);
    return;
  }
  if (malformed) {
    FUZZ_CHECK(bad >= 1 && bad <= cases, what);
    FUZZ_CHECK(oracle.queries() <= cases && bad == oracle.rejected() + (cases - oracle.queries()),
               absl::StrCat(what, ": every case is answered or malformed"));
  } else {
    FUZZ_CHECK(oracle.rejected() == 0, absl::StrCat(what, ": a rejected query, yet OK"));
  }

  FUZZ_CHECK(output.empty() || absl::EndsWith(output, "\n"), what);
  FUZZ_CHECK(fuzz::IsPrintable(output, true) && fuzz::IsPrintable(errors, true),
             absl::StrCat(what, ": output or errors not printable ASCII"));
  FUZZ_CHECK(errors.empty() || absl::EndsWith(errors, "\n"), what);
  size_t case_lines = 0;
  for (absl::string_view line : absl::StrSplit(errors, '\n')) {
    if (line.empty()) continue;
    if (absl::StartsWith(line, "case ")) {
      ++case_lines;
      continue;
    }
    FUZZ_CHECK(absl::StartsWith(line, "note: "),
               absl::StrCat(what, ": error line '", line.substr(0, 200), "'"));
  }
  FUZZ_CHECK(case_lines >= bad, absl::StrCat(what, ": ", case_lines, " 'case' lines"));

  const size_t tokens = CountTokens(input);
  FUZZ_CHECK(
      oracle.queries() <= tokens && oracle.query_bytes() <= input.size() && cases <= tokens + 1,
      absl::StrCat(what, ": ", oracle.query_bytes(), " query bytes, ", tokens, " tokens, ", cases,
                   " cases"));
  FUZZ_CHECK(output.size() + errors.size() <= kOutputPerInputByte * input.size() + kOutputSlack,
             absl::StrCat(what, ": output not linear in the input"));

  for (const puzzle::JudgeExample& example : p.examples().judges) {
    if (example.format != format.name || example.input != input) continue;
    FUZZ_CHECK(status.ok() && output == example.output,
               absl::StrCat(what, ": the example's output is\n", example.output, "got\n", output));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzJudge(Select(fuzz::AsText(data, size)));
  return 0;
}

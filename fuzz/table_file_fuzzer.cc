// Fuzz target: the table file reader, puzzle::TableFile::FromBytes (format
// v2, puzzle/TABLE_FORMAT.md), and every puzzle's Load and solver on top of
// whatever it accepts, fed arbitrary bytes as a table file.
//
// Each input is read twice:
//   1. as it is. Almost every mutation breaks a checksum, so this exercises
//      the checks up to the header checksum;
//   2. with its checksums recomputed (FixChecksums: each section's stored and
//      raw checksums, then the header checksum over header, directory and
//      metadata), as a writer that forgot nothing but lied in the other
//      fields would produce. This reaches the directory, size, alignment,
//      padding and zstd checks and the puzzles' layout checks, which the
//      checksums otherwise shield from a mutating fuzzer. zstd sections are
//      decompressed for their raw checksum only up to kMaxFixupRawSize.
// Properties checked for every read:
//   - a rejected file is DataLoss and the message starts with the file name;
//   - an accepted file is consistent: as long as the input, valid names,
//     sections in order inside the file and aligned, each section's bytes of
//     its declared size and checksum (a raw one's the very bytes of the
//     input); Section and SectionWithLayout find each and refuse a wrong
//     layout with DataLoss;
//   - it survives re-encoding: EncodeTableFile of its contents reads back
//     (FromBytes) to the same names, metadata and sections;
//   - for EVERY puzzle, Load of a TableSet holding the file under each of the
//     puzzle's table names is a solver or DataLoss naming the file. A solver
//     answers the puzzle's examples and queries derived from the input
//     (scrambles seeded by its checksum): each result is what
//     fuzz::CheckResult allows over a possibly corrupt table (a malformed
//     query rejected exactly as the puzzle's readers say, else DataLoss
//     "inconsistent" or an answer that passes CheckAnswer); the batch path
//     (SolveBatch) agrees with the single one wherever it succeeds, and fails
//     wherever the single one does. Never a crash, an out-of-bounds read
//     (ASan) or a hang.
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/puzzle_checks.h"
#include "puzzle/puzzle.h"
#include "puzzle/table_file.h"
#include "puzzles/registry.h"

namespace {

using puzzle::Puzzle;
using puzzle::SectionEncoding;
using puzzle::TableFile;
using puzzle::TableSection;

constexpr char kName[] = "fuzz.tbl";

// Header and section entry offsets (puzzle/TABLE_FORMAT.md).
constexpr size_t kOffSectionCount = 12;
constexpr size_t kOffMetadataSize = 64;
constexpr size_t kOffHeaderChecksum = 88;
constexpr size_t kSecEncoding = 32;
constexpr size_t kSecRawSize = 48;
constexpr size_t kSecChecksum = 72;
constexpr size_t kSecStoredChecksum = 80;
constexpr size_t kSecOffset = 56;
constexpr size_t kSecStoredSize = 64;
constexpr uint64_t kZstdAlignment = 8;

// The fix-up decompresses a zstd section for its raw checksum only up to
// this size (the largest real section is 408,240 bytes), so that a frame
// declaring gigabytes does not make every execution slow.
constexpr unsigned long long kMaxFixupRawSize = 1 << 20;

// Derived queries per puzzle and input.
constexpr int kDerivedQueries = 8;

uint32_t GetU32(const std::string& in, size_t offset) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    v |= uint32_t{static_cast<uint8_t>(in[offset + i])} << (8 * i);
  }
  return v;
}

uint64_t GetU64(const std::string& in, size_t offset) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) {
    v |= uint64_t{static_cast<uint8_t>(in[offset + i])} << (8 * i);
  }
  return v;
}

void PutU64(std::string& out, size_t offset, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
  }
}

// Recomputes every checksum the file holds, leaving every other byte as it
// is. Inputs too short to hold their header, directory and metadata are
// returned unchanged; a section whose bytes lie outside the input keeps its
// checksums.
std::string FixChecksums(std::string bytes) {
  if (bytes.size() < puzzle::kTableHeaderSize) return bytes;
  const uint32_t count = GetU32(bytes, kOffSectionCount);
  const uint32_t metadata_size = GetU32(bytes, kOffMetadataSize);
  if (count > puzzle::kMaxTableSections || metadata_size > puzzle::kMaxTableMetadataSize) {
    return bytes;
  }
  const size_t head = puzzle::kTableHeaderSize + count * puzzle::kTableSectionEntrySize;
  if (bytes.size() < head + metadata_size) return bytes;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t entry = puzzle::kTableHeaderSize + i * puzzle::kTableSectionEntrySize;
    const uint64_t offset = GetU64(bytes, entry + kSecOffset);
    const uint64_t stored_size = GetU64(bytes, entry + kSecStoredSize);
    if (offset > bytes.size() || stored_size > bytes.size() - offset) continue;
    const absl::string_view stored = absl::string_view(bytes).substr(offset, stored_size);
    const uint64_t stored_checksum = puzzle::TableChecksum(stored);
    const uint32_t encoding = GetU32(bytes, entry + kSecEncoding);
    if (encoding == static_cast<uint32_t>(SectionEncoding::kZstd)) {
      const unsigned long long raw_size = ZSTD_getFrameContentSize(stored.data(), stored.size());
      if (raw_size <= kMaxFixupRawSize) {
        std::string raw(raw_size, '\0');
        const size_t n = ZSTD_decompress(raw.data(), raw.size(), stored.data(), stored.size());
        if (!ZSTD_isError(n) && n == raw_size) {
          PutU64(bytes, entry + kSecChecksum, puzzle::TableChecksum(raw));
        }
      }
    } else {
      PutU64(bytes, entry + kSecChecksum, stored_checksum);
    }
    PutU64(bytes, entry + kSecStoredChecksum, stored_checksum);
  }
  const std::string covered =
      absl::StrCat(absl::string_view(bytes).substr(0, kOffHeaderChecksum),
                   absl::string_view(bytes).substr(
                       puzzle::kTableHeaderSize, head + metadata_size - puzzle::kTableHeaderSize));
  PutU64(bytes, kOffHeaderChecksum, puzzle::TableChecksum(covered));
  return bytes;
}

void CheckDataLoss(const absl::Status& status, absl::string_view stage) {
  const std::string what = absl::StrCat(stage, ": ", status.ToString());
  FUZZ_CHECK(status.code() == absl::StatusCode::kDataLoss, what);
  FUZZ_CHECK(absl::StartsWith(status.message(), absl::StrCat(kName, ": ")), what);
}

bool ValidName(absl::string_view name, size_t max_length, bool section) {
  if (name.empty() || name.size() > max_length) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                    (section && (c == '_' || c == '.'));
    if (!ok) return false;
  }
  return true;
}

// `bytes` is the input: the file read, or the file before FixChecksums (which
// changes nothing past the directory, so sections can be compared with it).
void CheckConsistent(const TableFile& file, absl::string_view bytes) {
  FUZZ_CHECK(file.file_size() == bytes.size(), "file_size");
  FUZZ_CHECK(ValidName(file.puzzle(), puzzle::kMaxTableNameLength, false), file.puzzle());
  FUZZ_CHECK(ValidName(file.table(), puzzle::kMaxTableNameLength, false), file.table());
  FUZZ_CHECK(file.metadata().size() <= puzzle::kMaxTableMetadataSize, "metadata size");
  const std::vector<TableSection>& sections = file.sections();
  FUZZ_CHECK(!sections.empty() && sections.size() <= puzzle::kMaxTableSections, "section count");
  uint64_t end = puzzle::kTableHeaderSize + sections.size() * puzzle::kTableSectionEntrySize +
                 file.metadata().size();
  std::set<std::string> names;
  for (const TableSection& section : sections) {
    const std::string what = absl::StrCat("section '", section.name, "'");
    FUZZ_CHECK(ValidName(section.name, puzzle::kMaxSectionNameLength, true), what);
    FUZZ_CHECK(names.insert(section.name).second, what + " twice");
    FUZZ_CHECK(section.bits_per_entry >= 1 && section.bits_per_entry <= 64, what);
    FUZZ_CHECK(
        section.bytes.size() == puzzle::SectionRawSize(section.entry_count, section.bits_per_entry),
        what + ": raw size");
    FUZZ_CHECK(puzzle::TableChecksum(section.bytes) == section.checksum, what + ": checksum");
    FUZZ_CHECK(section.offset >= end && section.stored_size <= bytes.size() &&
                   section.offset <= bytes.size() - section.stored_size,
               what + ": bytes outside the file or overlapping");
    end = section.offset + section.stored_size;
    const absl::string_view stored = bytes.substr(section.offset, section.stored_size);
    if (section.encoding == SectionEncoding::kRaw) {
      FUZZ_CHECK(section.offset % puzzle::kTableSectionAlignment == 0, what + ": alignment");
      FUZZ_CHECK(section.bytes == stored, what + ": raw bytes");
    } else {
      FUZZ_CHECK(section.encoding == SectionEncoding::kZstd, what);
      FUZZ_CHECK(section.offset % kZstdAlignment == 0, what + ": alignment");
      FUZZ_CHECK(ZSTD_getFrameContentSize(stored.data(), stored.size()) == section.bytes.size(),
                 what + ": frame size");
    }
    absl::StatusOr<const TableSection*> found = file.Section(section.name);
    FUZZ_CHECK(found.ok() && *found == &section, what + ": Section");
    found = file.SectionWithLayout(section.name, section.bits_per_entry, section.entry_count);
    FUZZ_CHECK(found.ok() && *found == &section, what + ": SectionWithLayout");
    CheckDataLoss(
        file.SectionWithLayout(section.name, section.bits_per_entry % 64 + 1, section.entry_count)
            .status(),
        "SectionWithLayout, other bits_per_entry");
    CheckDataLoss(
        file.SectionWithLayout(section.name, section.bits_per_entry, section.entry_count + 1)
            .status(),
        "SectionWithLayout, other entry_count");
  }
  FUZZ_CHECK(end == bytes.size(), "the last section ends the file");
  CheckDataLoss(file.Section("no-such-section").status(), "Section");
}

puzzle::TableContents ContentsOf(const TableFile& file) {
  puzzle::TableContents contents;
  contents.puzzle = file.puzzle();
  contents.table = file.table();
  contents.metadata = file.metadata();
  for (const TableSection& section : file.sections()) {
    puzzle::TableSectionContents out;
    out.name = section.name;
    out.encoding = section.encoding;
    out.bits_per_entry = section.bits_per_entry;
    out.entry_count = section.entry_count;
    out.bytes.assign(section.data(), section.data() + section.bytes.size());
    contents.sections.push_back(std::move(out));
  }
  return contents;
}

// Large inputs (the built tables' raw sections are 400 kB) are copied as few
// times as possible: under ASan every large allocation is fresh pages.
void CheckReencoding(const TableFile& file) {
  absl::StatusOr<std::unique_ptr<TableFile>> again =
      TableFile::FromBytes(puzzle::EncodeTableFile(ContentsOf(file), 1), kName);
  FUZZ_CHECK(again.ok(), absl::StrCat("re-encoded: ", again.status().ToString()));
  const TableFile& b = **again;
  FUZZ_CHECK(b.puzzle() == file.puzzle() && b.table() == file.table() &&
                 b.metadata() == file.metadata() && b.sections().size() == file.sections().size(),
             "re-encoding changed the header");
  for (size_t i = 0; i < file.sections().size(); ++i) {
    const TableSection& x = file.sections()[i];
    const TableSection& y = b.sections()[i];
    FUZZ_CHECK(x.name == y.name && x.encoding == y.encoding &&
                   x.bits_per_entry == y.bits_per_entry && x.entry_count == y.entry_count &&
                   x.checksum == y.checksum && x.bytes == y.bytes,
               absl::StrCat("re-encoding changed section '", x.name, "'"));
  }
}

struct TestQuery {
  puzzle::QueryText text;
  std::string bad_message;  // a bad query example's exact message
};

std::vector<TestQuery> QueriesFor(const Puzzle& p, uint64_t salt) {
  std::vector<TestQuery> queries;
  const puzzle::PuzzleExamples& examples = p.examples();
  for (const puzzle::SolveExample& e : examples.solves) {
    queries.push_back({{e.start, e.goal, e.metric}, ""});
  }
  for (const puzzle::BadQueryExample& e : examples.bad_queries) {
    queries.push_back({{e.start, e.goal, e.metric}, e.message});
  }
  for (int k = 0; k < kDerivedQueries; ++k) {
    const uint64_t seed = salt + static_cast<uint64_t>(k) * 0x9E3779B97F4A7C15u;
    const int moves = static_cast<int>((salt >> (4 * k)) % 41);
    absl::StatusOr<std::string> start = p.Scramble("", moves, seed);
    FUZZ_CHECK(start.ok(), start.status().ToString());
    std::string goal;
    if (p.info().has_goal && k % 2 == 1) {
      absl::StatusOr<std::string> scrambled = p.Scramble("", moves / 2, ~seed);
      FUZZ_CHECK(scrambled.ok(), scrambled.status().ToString());
      goal = *scrambled;
    }
    queries.push_back({{*start, goal}, ""});
  }
  return queries;
}

void CheckSolver(const Puzzle& p, const puzzle::Solver& solver, absl::string_view bytes) {
  const std::vector<TestQuery> queries = QueriesFor(p, puzzle::TableChecksum(bytes));
  std::vector<puzzle::Query> views;
  std::vector<absl::Status> singles;
  std::vector<puzzle::Answer> single_answers(queries.size());
  puzzle::SolveControl control;
  for (size_t i = 0; i < queries.size(); ++i) {
    const TestQuery& q = queries[i];
    views.push_back({q.text.start, q.text.goal, q.text.metric});
    singles.push_back(solver.Solve(views.back(), control, &single_answers[i]));
    fuzz::CheckResult(p, q.text, singles.back(), single_answers[i], fuzz::Tables::kFuzzed);
    if (!q.bad_message.empty()) {
      FUZZ_CHECK(singles.back() == absl::InvalidArgumentError(q.bad_message),
                 absl::StrCat(fuzz::DescribeQuery(p, q.text), " -> ", singles.back().ToString(),
                              "; expected ", q.bad_message));
    }
  }
  std::vector<absl::Status> statuses(queries.size());
  std::vector<puzzle::Answer> answers(queries.size());
  solver.SolveBatch(views, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
  for (size_t i = 0; i < queries.size(); ++i) {
    const std::string what = absl::StrCat(fuzz::DescribeQuery(p, queries[i].text), ": SolveBatch ",
                                          fuzz::DescribeResult(statuses[i], answers[i]), ", Solve ",
                                          fuzz::DescribeResult(singles[i], single_answers[i]));
    fuzz::CheckResult(p, queries[i].text, statuses[i], answers[i], fuzz::Tables::kFuzzed);
    if (statuses[i].ok()) {
      FUZZ_CHECK(singles[i].ok(), what);
      fuzz::CheckSameAnswer(answers[i], single_answers[i], what);
    }
    if (singles[i].code() == absl::StatusCode::kDataLoss) {
      FUZZ_CHECK(statuses[i].code() == absl::StatusCode::kDataLoss, what);
    }
  }
}

// Reads `file_bytes`; `input` is the fuzzer's input, of which `file_bytes` is
// a copy, perhaps with its checksums fixed.
void ReadAndCheck(std::string file_bytes, absl::string_view input) {
  absl::StatusOr<std::unique_ptr<TableFile>> file =
      TableFile::FromBytes(std::move(file_bytes), kName);
  if (!file.ok()) {
    CheckDataLoss(file.status(), "FromBytes");
    return;
  }
  CheckConsistent(**file, input);
  CheckReencoding(**file);
  for (const Puzzle* p : puzzle::AllPuzzles()) {
    puzzle::TableSet tables;
    for (const puzzle::TableSpec& spec : p->tables()) {
      tables.Add(spec.name, file->get());
    }
    absl::StatusOr<std::unique_ptr<puzzle::Solver>> solver = p->Load(tables);
    if (!solver.ok()) {
      CheckDataLoss(solver.status(), absl::StrCat(p->info().name, " Load"));
      continue;
    }
    CheckSolver(*p, **solver, input);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view input = fuzz::AsText(data, size);
  ReadAndCheck(std::string(input), input);
  std::string fixed = FixChecksums(std::string(input));
  if (fixed != input) ReadAndCheck(std::move(fixed), input);
  return 0;
}

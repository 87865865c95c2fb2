// Writes the seed corpus of table_file_fuzzer: table files (format v2) that
// reach each stage of puzzle::TableFile::FromBytes and of every puzzle's
// Load and solver, so the fuzzer starts from valid structure rather than
// having to discover the magic, the checksums, the alignment and zstd framing.
//
//   bazel run //fuzz:make_table_seeds -- $PWD/fuzz/corpus/table_file_fuzzer
//
// For every table of every puzzle in the registry (built here by its
// TableSpec, so the layouts are the puzzles' own):
//   <table>_built_raw.tbl     the real table, raw sections: loads and answers;
//                             the fuzzer corrupts entries and the solver must
//                             notice (DataLoss) or still answer legally;
//   <table>_zeros_zstd.tbl    the same layout, zstd sections of zero bytes
//   <table>_ramp_zstd.tbl     ... and of bytes 0, 1, 2, ...: tiny files whose
//                             sections load, but whose walks mostly end in
//                             DataLoss ("inconsistent");
// and, for the reader alone: small files with raw and zstd sections, several
// sections, 64-bit entries, no entries; and broken ones (empty, truncated,
// bad magic, version 1, trailing bytes).
//
// Output depends only on this program, the puzzles' table builders and the
// zstd version (EncodeTableFile is deterministic).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "puzzle/puzzle.h"
#include "puzzle/table_file.h"
#include "puzzles/registry.h"

namespace {

using puzzle::SectionEncoding;
using puzzle::TableContents;
using puzzle::TableSectionContents;

constexpr int kZstdLevel = 19;

TableSectionContents Section(std::string name, SectionEncoding encoding, uint32_t bits,
                             uint64_t entries) {
  TableSectionContents section;
  section.name = std::move(name);
  section.encoding = encoding;
  section.bits_per_entry = bits;
  section.entry_count = entries;
  section.bytes.resize(puzzle::SectionRawSize(entries, bits));
  for (size_t i = 0; i < section.bytes.size(); ++i) {
    section.bytes[i] = static_cast<uint8_t>(i * 37 + 11);
  }
  return section;
}

TableContents Small(std::vector<TableSectionContents> sections) {
  TableContents contents;
  contents.puzzle = "fuzz";
  contents.table = "seed";
  contents.metadata = "fuzz seed";
  contents.sections = std::move(sections);
  return contents;
}

class Writer {
 public:
  explicit Writer(std::string dir) : dir_(std::move(dir)) {}

  void Write(const std::string& name, const std::string& bytes) {
    const std::string path = absl::StrCat(dir_, "/", name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      ok_ = false;
      return;
    }
    std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
  }

  bool ok() const { return ok_; }

 private:
  const std::string dir_;
  bool ok_ = true;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  std::error_code error;
  std::filesystem::create_directories(argv[1], error);
  Writer out(argv[1]);

  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    for (const puzzle::TableSpec& spec : p->tables()) {
      if (spec.optional) continue;  // large tiers: too big for a seed
      absl::StatusOr<TableContents> built = spec.build(1, [](absl::string_view) {});
      if (!built.ok()) {
        std::fprintf(stderr, "%s: %s\n", spec.name.c_str(), built.status().ToString().c_str());
        return 1;
      }
      const std::string raw = puzzle::EncodeTableFile(*built, kZstdLevel);
      out.Write(spec.name + "_built_raw.tbl", raw);
      TableContents zeros = *built;
      TableContents ramp = *built;
      for (size_t i = 0; i < built->sections.size(); ++i) {
        zeros.sections[i].encoding = SectionEncoding::kZstd;
        ramp.sections[i].encoding = SectionEncoding::kZstd;
        std::fill(zeros.sections[i].bytes.begin(), zeros.sections[i].bytes.end(), 0);
        for (size_t j = 0; j < ramp.sections[i].bytes.size(); ++j) {
          ramp.sections[i].bytes[j] = static_cast<uint8_t>(j);
        }
      }
      out.Write(spec.name + "_zeros_zstd.tbl", puzzle::EncodeTableFile(zeros, kZstdLevel));
      out.Write(spec.name + "_ramp_zstd.tbl", puzzle::EncodeTableFile(ramp, kZstdLevel));
    }
  }

  // The reader alone: layouts no puzzle loads.
  const std::string small =
      puzzle::EncodeTableFile(Small({Section("a", SectionEncoding::kRaw, 3, 100),
                                     Section("b.zstd", SectionEncoding::kZstd, 5, 13)}),
                              3);
  out.Write("raw_and_zstd.tbl", small);
  out.Write("zstd_only.tbl",
            puzzle::EncodeTableFile(Small({Section("z", SectionEncoding::kZstd, 2, 64)}), 3));
  out.Write("bits_64.tbl",
            puzzle::EncodeTableFile(Small({Section("wide", SectionEncoding::kRaw, 64, 6)}), 3));
  out.Write("no_entries.tbl",
            puzzle::EncodeTableFile(Small({Section("empty", SectionEncoding::kRaw, 1, 0),
                                           Section("empty_z", SectionEncoding::kZstd, 1, 0)}),
                                    3));
  std::vector<TableSectionContents> many;
  for (int i = 0; i < 5; ++i) {
    many.push_back(Section(absl::StrCat("s", i),
                           i % 2 == 0 ? SectionEncoding::kZstd : SectionEncoding::kRaw, 1 + 7 * i,
                           3 + i));
  }
  out.Write("five_sections.tbl", puzzle::EncodeTableFile(Small(many), 3));

  // Broken on purpose: the reader's early checks.
  out.Write("empty.tbl", "");
  out.Write("truncated_header.tbl", small.substr(0, 40));
  out.Write("truncated_directory.tbl", small.substr(0, 150));
  out.Write("truncated_section.tbl", small.substr(0, small.size() - 3));
  out.Write("trailing_byte.tbl", small + '\0');
  std::string bad_magic = small;
  bad_magic[0] = 'Q';
  out.Write("bad_magic.tbl", bad_magic);
  std::string version_1 = small;
  version_1[8] = 1;
  out.Write("version_1.tbl", version_1);
  return out.ok() ? 0 : 1;
}

// Writes the seed corpus of table_file_fuzzer: small files that reach each stage of
// puzzle::DecodeTableFile and puzzle::EightTable::FromTableFile, so the fuzzer starts from
// valid structure rather than having to discover magic, checksums and zstd framing.
//
//   bazel run //fuzz:make_table_seeds -- $PWD/fuzz/corpus/table_file_fuzzer
//
// Output depends only on this program and the zstd version (EncodeTableFile is deterministic).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "puzzles/eight/eight_state.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzle/table_file.h"

namespace {

puzzle::TableFile EightShaped(std::vector<uint8_t> payload) {
  puzzle::TableFile file;
  file.kind = puzzle::PuzzleKind::kEight;
  file.bits_per_entry = puzzle::kEightBitsPerEntry;
  file.layout_a = puzzle::kEightSeeds;
  file.layout_b = puzzle::kStatesPerSeed;
  file.entry_count = puzzle::kEightTotalStates;
  file.metadata = "fuzz seed";
  file.payload = std::move(payload);
  return file;
}

puzzle::TableFile Small(puzzle::PuzzleKind kind, uint32_t bits, uint64_t entries,
                        std::string metadata) {
  puzzle::TableFile file;
  file.kind = kind;
  file.bits_per_entry = bits;
  file.layout_a = 3;
  file.layout_b = static_cast<uint32_t>(entries / 3);
  file.entry_count = entries;
  file.metadata = std::move(metadata);
  file.payload.resize((entries * bits + 7) / 8);
  for (size_t i = 0; i < file.payload.size(); ++i) file.payload[i] = static_cast<uint8_t>(i * 37);
  return file;
}

bool Write(const std::string& dir, const std::string& name, const std::string& bytes) {
  const std::string path = absl::StrCat(dir, "/", name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return false;
  }
  std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
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

  // An Eight II table in shape whose entries are all 0 (every last move "d"): loads, and walks
  // over it succeed only from goals just below the seed, otherwise end in DataLoss.
  const std::string zero =
      puzzle::EncodeTableFile(EightShaped(std::vector<uint8_t>(puzzle::kEightPayloadBytes)), 19);
  ok &= Write(dir, "eight_all_down.tbl", zero);
  // Entries cycling d, l, r, u.
  ok &= Write(dir, "eight_dlru_cycle.tbl",
              puzzle::EncodeTableFile(
                  EightShaped(std::vector<uint8_t>(puzzle::kEightPayloadBytes, 0xE4)), 19));
  // A Rotation Game table in shape: all distances 0 (every walk ends at once, not at the goal),
  // and distances cycling 0..15.
  puzzle::TableFile rotation = puzzle::RotationTable::FromPayload(
                                   std::vector<uint8_t>(puzzle::kRotationPayloadBytes), "fuzz seed")
                                   .file();
  ok &= Write(dir, "rotation_all_zero.tbl", puzzle::EncodeTableFile(rotation, 19));
  for (size_t i = 0; i < rotation.payload.size(); ++i) {
    rotation.payload[i] = static_cast<uint8_t>((2 * i) % 16 | (((2 * i + 1) % 16) << 4));
  }
  rotation.payload_checksum = 0;  // EncodeTableFile recomputes it
  ok &= Write(dir, "rotation_cycling.tbl", puzzle::EncodeTableFile(rotation, 19));
  // Decodes, but is not an Eight II table: other kinds, entry sizes and layouts.
  ok &= Write(dir, "eight_kind_16_entries.tbl",
              puzzle::EncodeTableFile(Small(puzzle::PuzzleKind::kEight, 2, 16, "small"), 3));
  ok &= Write(dir, "rotation_kind.tbl",
              puzzle::EncodeTableFile(
                  Small(puzzle::PuzzleKind::kRotationGame, 5, 300, "rotation game seed"), 3));
  ok &= Write(dir, "bits_64.tbl",
              puzzle::EncodeTableFile(Small(puzzle::PuzzleKind::kEight, 64, 6, ""), 3));
  ok &= Write(dir, "no_entries.tbl",
              puzzle::EncodeTableFile(Small(puzzle::PuzzleKind::kEight, 1, 0, "empty"), 3));
  puzzle::TableFile v2 = Small(puzzle::PuzzleKind::kEight, 2, 16, "version 2");
  v2.format_version = 2;
  ok &= Write(dir, "version_2.tbl", puzzle::EncodeTableFile(v2, 3));
  // Broken on purpose: the loader's early checks.
  ok &= Write(dir, "empty.tbl", "");
  ok &= Write(dir, "truncated_header.tbl", zero.substr(0, 40));
  ok &= Write(dir, "truncated_body.tbl", zero.substr(0, zero.size() - 3));
  std::string bad_magic = zero;
  bad_magic[0] = 'Q';
  ok &= Write(dir, "bad_magic.tbl", bad_magic);
  return ok ? 0 : 1;
}

// The puzzle table file: a versioned, checksummed header followed by a zstd-compressed payload.
// The byte layout is documented in puzzle/TABLE_FORMAT.md; keep the two in step.
//
// This layer knows nothing about any puzzle's table contents: it stores `entry_count` entries of
// `bits_per_entry` bits, packed into `payload`, plus the layout parameters a puzzle needs to check
// that a table is the one it expects. Puzzle-specific loaders (eight_table.h) sit on top.
//
// Example:
//   std::string bytes = EncodeTableFile(header_fields, payload);      // deterministic
//   absl::StatusOr<TableFile> t = DecodeTableFile(bytes, "eight.tbl"); // DataLoss if corrupt
//
// Thread-safety: pure functions.

#ifndef PUZZLE_TABLE_FILE_H_
#define PUZZLE_TABLE_FILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

inline constexpr char kTableMagic[8] = {'P', 'Z', 'T', 'A', 'B', 'L', 'E', '\n'};
inline constexpr uint32_t kTableFormatVersion = 1;
inline constexpr size_t kTableHeaderSize = 80;
inline constexpr uint32_t kMaxTableMetadataSize = 4096;
// Upper bound on a payload we agree to decompress: guards against a header that asks for an
// absurd allocation. The largest real table is well under 1 MiB.
inline constexpr uint64_t kMaxTableRawSize = uint64_t{1} << 30;

enum class PuzzleKind : uint32_t {
  kEight = 1,         // 3x3 sliding puzzle, Eight II tables (eight_table.h)
  kRotationGame = 2,  // HDU 1667 (reserved)
};

// Human-readable kind name ("eight", "rotation-game", or "unknown(N)").
std::string PuzzleKindName(PuzzleKind kind);

struct TableFile {
  uint32_t format_version = kTableFormatVersion;
  PuzzleKind kind = PuzzleKind::kEight;
  uint32_t bits_per_entry = 0;
  uint32_t layout_a = 0;  // puzzle-defined (eight: seeds)
  uint32_t layout_b = 0;  // puzzle-defined (eight: states per seed)
  uint64_t entry_count = 0;
  uint64_t compressed_size = 0;     // filled in by Encode/Decode
  uint64_t payload_checksum = 0;    // XXH3-64 of payload; filled in by Encode/Decode
  std::string metadata;             // how the table was built, UTF-8 text, <= 4096 bytes
  std::vector<uint8_t> payload;     // raw, uncompressed entries
};

// What a puzzle expects of a table file's layout fields.
struct TableLayout {
  PuzzleKind kind;
  uint32_t bits_per_entry;
  uint32_t layout_a;
  uint32_t layout_b;
  uint64_t entry_count;
  absl::string_view layout_a_name;  // for messages, e.g. "seeds"
  absl::string_view layout_b_name;
};

// DataLoss("<name>: <field> is X; <kind> tables have Y") on the first mismatch; the kind first,
// so a table of another puzzle is named as such.
absl::Status CheckTableLayout(const TableFile& file, const TableLayout& expected,
                              absl::string_view name);

// A TableFile with `expected`'s layout around `payload`, its checksum filled in (the generator's
// output before encoding).
TableFile MakeTableFile(const TableLayout& expected, std::vector<uint8_t> payload,
                        std::string metadata);

// Serialises `table` (its payload compressed at `zstd_level`). Output depends only on the inputs.
// REQUIRES: payload.size() == ceil(entry_count * bits_per_entry / 8),
//           metadata.size() <= kMaxTableMetadataSize.
std::string EncodeTableFile(const TableFile& table, int zstd_level);

// Parses and fully validates a table file's bytes: magic, version, header checksum, sizes,
// decompression and the payload checksum. Every failure is DataLossError("<name>: <what>"), with
// the offending field and the expected value. `name` is usually the file path.
absl::StatusOr<TableFile> DecodeTableFile(absl::string_view bytes, absl::string_view name);

// Maps `path` read-only, decodes it, and drops the mapping (so later changes to the file on disk
// cannot affect the result). Errors: those of MappedFile::Open, or DecodeTableFile's DataLoss.
absl::StatusOr<TableFile> LoadTableFile(const std::string& path);

// XXH3-64 of `bytes`: the checksum the format uses.
uint64_t TableChecksum(absl::string_view bytes);

}  // namespace puzzle

#endif  // PUZZLE_TABLE_FILE_H_

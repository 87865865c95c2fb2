// The Rotation Game distance table, loaded and validated, ready for probing.
//
// Content: for every 8-cell set S (ranked by RankCellSet, rotation_board.h), the least number of
// ops that turn a board whose target symbol occupies S into one whose 8 centre cells hold that
// symbol. 4 bits per entry (the largest distance is 14 in practice, checked by the generator and
// the verifier), two entries a byte, the lower nibble first. File layout: TABLE_FORMAT.md.
//
// Thread-safety: immutable after construction; Distance may be called from any thread.

#ifndef PUZZLE_ROTATION_TABLE_H_
#define PUZZLE_ROTATION_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/rotation_board.h"
#include "puzzle/table_file.h"

namespace puzzle {

inline constexpr uint32_t kRotationBitsPerEntry = 4;
inline constexpr size_t kRotationPayloadBytes = (kRotationCellSets + 1) / 2;  // 367,736
inline constexpr int kRotationMaxStoredDistance = 15;

// Kind rotation-game, 4 bits per entry, layout_a = 24 cells, layout_b = 8 cells per set.
const TableLayout& RotationTableLayout();

class RotationTable {
 public:
  // As EightTable::Load: DataLoss naming the file and the field on any mismatch.
  static absl::StatusOr<RotationTable> Load(const std::string& path);
  static absl::StatusOr<RotationTable> FromTableFile(TableFile file, absl::string_view name);
  // REQUIRES: payload.size() == kRotationPayloadBytes.
  static RotationTable FromPayload(std::vector<uint8_t> payload, std::string metadata);

  RotationTable(RotationTable&& other) noexcept
      : file_(std::move(other.file_)), payload_(file_.payload.data()) {}
  RotationTable& operator=(RotationTable&&) = delete;
  RotationTable(const RotationTable&) = delete;
  RotationTable& operator=(const RotationTable&) = delete;

  // REQUIRES: rank < kRotationCellSets.
  int Distance(uint32_t rank) const { return (payload_[rank >> 1] >> (4 * (rank & 1))) & 0xF; }

  const TableFile& file() const { return file_; }

 private:
  explicit RotationTable(TableFile file) : file_(std::move(file)), payload_(file_.payload.data()) {}

  TableFile file_;
  const uint8_t* payload_;
};

}  // namespace puzzle

#endif  // PUZZLE_ROTATION_TABLE_H_

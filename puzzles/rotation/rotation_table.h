// The Rotation Game distance table, validated and ready for probing: a view of the "distances"
// section of a table file (TABLE_FORMAT.md).
//
// Content: for every 8-cell set S (ranked by RankCellSet, rotation_board.h), the least number of
// ops that turn a board whose target symbol occupies S into one whose 8 centre cells hold that
// symbol. 4 bits per entry (the largest distance is 14 in practice, checked by the generator and
// the verifier), two entries a byte, the lower nibble first. The view does not own the bytes.
//
// Thread-safety: immutable; Distance may be called from any thread.

#ifndef PUZZLES_ROTATION_ROTATION_TABLE_H_
#define PUZZLES_ROTATION_ROTATION_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/nibble_array.h"
#include "puzzle/table_file.h"
#include "puzzles/rotation/rotation_board.h"

namespace puzzle {

inline constexpr uint32_t kRotationBitsPerEntry = 4;
inline constexpr size_t kRotationPayloadBytes = NibbleArrayBytes(kRotationCellSets);  // 367,736
inline constexpr int kRotationMaxStoredDistance = 15;
inline constexpr char kRotationSectionName[] = "distances";

class RotationTable {
 public:
  // The "distances" section of `file` (4 bits, 735,471 entries): DataLoss naming the file, the
  // section and the field otherwise. REQUIRES: `file` outlives the view.
  static absl::StatusOr<RotationTable> FromTableFile(const TableFile& file);

  // REQUIRES: `payload` holds kRotationPayloadBytes bytes and outlives the view.
  static RotationTable FromPayload(const uint8_t* payload) { return RotationTable(payload); }

  // REQUIRES: rank < kRotationCellSets.
  int Distance(uint32_t rank) const { return NibbleAt(payload_, rank); }

 private:
  explicit RotationTable(const uint8_t* payload) : payload_(payload) {}

  const uint8_t* payload_;
};

// The table file the generator writes around a built payload: one raw "distances" section.
// REQUIRES: payload.size() == kRotationPayloadBytes.
TableContents MakeRotationTableContents(std::vector<uint8_t> payload, std::string metadata);

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_TABLE_H_

// The Eight II last-move table, loaded and validated, ready for probing.
//
// Content: for each seed s (the blank's start cell, 0..8) and each state index i reachable from
// it (eight_state.h), a 2-bit Move: the last move of the lexicographically smallest shortest path
// from seed s to state i. The seed's own entry is 0 and never read. Entry (s, i) is at global
// position s * 181,440 + i, four entries a byte, lowest bits first. File layout: TABLE_FORMAT.md.
//
// Loading (Load/FromTableFile) validates everything once; probing (LastMove) is then a bounds-free
// array read. As in Syzygy's split between map_file and probing, a loaded table is immutable.
//
// Thread-safety: immutable after construction; LastMove may be called from any number of threads.

#ifndef PUZZLE_EIGHT_TABLE_H_
#define PUZZLE_EIGHT_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/eight_state.h"
#include "puzzle/table_file.h"

namespace puzzle {

inline constexpr uint32_t kEightBitsPerEntry = 2;
inline constexpr size_t kEightPayloadBytes = kEightTotalStates / 4;  // 408,240

// Kind eight, 2 bits per entry, layout_a = 9 seeds, layout_b = 181,440 states per seed.
const TableLayout& EightTableLayout();

class EightTable {
 public:
  // Loads and validates a table file: DataLoss naming the file and the field on any mismatch
  // (corruption, truncation, wrong version, wrong puzzle kind or layout); the errors of
  // MappedFile::Open when the file cannot be read.
  static absl::StatusOr<EightTable> Load(const std::string& path);

  // Validates that `file` holds an Eight II table (kind, bits, layout, size). `name` is used in
  // error messages.
  static absl::StatusOr<EightTable> FromTableFile(TableFile file, absl::string_view name);

  // Wraps a raw payload (the generator's output), building the file description around it.
  // REQUIRES: payload.size() == kEightPayloadBytes.
  static EightTable FromPayload(std::vector<uint8_t> payload, std::string metadata);

  // Movable (a vector's buffer stays put when the vector moves); not copyable.
  EightTable(EightTable&& other) noexcept
      : file_(std::move(other.file_)), payload_(file_.payload.data()) {}
  EightTable& operator=(EightTable&&) = delete;
  EightTable(const EightTable&) = delete;
  EightTable& operator=(const EightTable&) = delete;

  // The last move of the lex-min shortest path from Seed(seed) to the state with `index`.
  // REQUIRES: seed < 9, index < kStatesPerSeed, index is not the seed's own index.
  Move LastMove(int seed, uint32_t index) const {
    const uint32_t position = static_cast<uint32_t>(seed) * kStatesPerSeed + index;
    return static_cast<Move>((payload_[position >> 2] >> (2 * (position & 3))) & 3u);
  }

  // The file's fields (version, checksums, metadata) for operators.
  const TableFile& file() const { return file_; }

 private:
  explicit EightTable(TableFile file) : file_(std::move(file)), payload_(file_.payload.data()) {}

  TableFile file_;
  const uint8_t* payload_;  // == file_.payload.data(), cached for the probe
};

// Sets the 2-bit entry for (seed, index) in a payload being built. REQUIRES: the entry is 0.
inline void SetEightEntry(std::vector<uint8_t>& payload, int seed, uint32_t index, Move move) {
  const uint32_t position = static_cast<uint32_t>(seed) * kStatesPerSeed + index;
  payload[position >> 2] |= static_cast<uint8_t>(static_cast<uint32_t>(move) << (2 * (position & 3)));
}

}  // namespace puzzle

#endif  // PUZZLE_EIGHT_TABLE_H_

// The Eight II last-move table, validated and ready for probing: a view of the "last_moves"
// section of a table file (TABLE_FORMAT.md).
//
// Content: for each seed s (the blank's start cell, 0..8) and each state index i reachable from
// it (eight_state.h), a 2-bit Move: the last move of the lexicographically smallest shortest path
// from seed s to state i. The seed's own entry is 0 and never read. Entry (s, i) is at global
// position s * 181,440 + i, four entries a byte, lowest bits first.
//
// Loading (FromTableFile) checks the section once; probing (LastMove) is then a bounds-free
// array read, as in Syzygy's split between map_file and probing. The view does not own the
// bytes: they stay in the TableFile's mapping, shared with every process that maps the file.
//
// Thread-safety: immutable; LastMove may be called from any number of threads.

#ifndef PUZZLES_EIGHT_EIGHT_TABLE_H_
#define PUZZLES_EIGHT_EIGHT_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/table_file.h"
#include "puzzles/eight/eight_state.h"

namespace puzzle {

inline constexpr uint32_t kEightBitsPerEntry = 2;
inline constexpr size_t kEightPayloadBytes = kEightTotalStates / 4;  // 408,240
inline constexpr char kEightSectionName[] = "last_moves";

class EightTable {
 public:
  // The "last_moves" section of `file`, checked for its layout (2 bits, 1,632,960 entries):
  // DataLoss naming the file, the section and the field otherwise.
  // REQUIRES: `file` outlives the view.
  static absl::StatusOr<EightTable> FromTableFile(const TableFile& file);

  // A view over bytes the caller owns (the generator's output, tests).
  // REQUIRES: `payload` holds kEightPayloadBytes bytes and outlives the view.
  static EightTable FromPayload(const uint8_t* payload) { return EightTable(payload); }

  // The last move of the lex-min shortest path from Seed(seed) to the state with `index`.
  // REQUIRES: seed < 9, index < kStatesPerSeed, index is not the seed's own index.
  Move LastMove(int seed, uint32_t index) const {
    const uint32_t position = static_cast<uint32_t>(seed) * kStatesPerSeed + index;
    return static_cast<Move>((payload_[position >> 2] >> (2 * (position & 3))) & 3u);
  }

  const uint8_t* payload() const { return payload_; }

 private:
  explicit EightTable(const uint8_t* payload) : payload_(payload) {}

  const uint8_t* payload_;
};

// The table file the generator writes around a built payload: one raw "last_moves" section.
// REQUIRES: payload.size() == kEightPayloadBytes.
TableContents MakeEightTableContents(std::vector<uint8_t> payload, std::string metadata);

// Sets the 2-bit entry for (seed, index) in a payload being built. REQUIRES: the entry is 0.
inline void SetEightEntry(std::vector<uint8_t>& payload, int seed, uint32_t index, Move move) {
  const uint32_t position = static_cast<uint32_t>(seed) * kStatesPerSeed + index;
  payload[position >> 2] |=
      static_cast<uint8_t>(static_cast<uint32_t>(move) << (2 * (position & 3)));
}

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_TABLE_H_

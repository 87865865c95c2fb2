// The 3x3x3's table file (table "cube3"): the searches' tables as raw sections, one byte an entry
// but for phase1_moves (layouts in cube3_pruning.h and puzzle/TABLE_FORMAT.md):
//   phase2         111,605,760 entries: (corner class, UD edges in its frame) -> phase-2 moves
//   corners_slice      967,680 entries: corners * 24 + slice order -> phase-2 moves
//   corners          6,053,616 entries: (corner class, twist in its frame) -> moves
//   phase1_moves   140,908,410 entries of 32 bits, little-endian: (flip-slice class, twist in
//                                its frame) -> its distance to G1, what each move does to it,
//                                and by corner parity the distance to G1's even half
// (Files before 2026-12-06 also had a section "phase1", phase 1's distances a byte each, which
// the words' low 4 bits repeat; it is no longer written or read. Files before 2026-12-08 have
// no parity bits in the words: the loader refuses them, by solved's word, with a message that
// says `bazel build //data:tables` rebuilds the table.)
// The large tier's file (table "cube3-large", opt-in) has one section, 4 bits an entry (two to a
// byte, the even entry in the low bits; Cube3LargeDistance):
//   large_parity 6,665,381,136 entries: (flip-slice-sorted class, twist in its frame, corner
//                                parity) -> moves
// (Files before 2026-12-07 (evening) had a section "large" without the parity, a byte an entry
// (3.3 GB) and later 4 bits (1.67 GB); the loader refuses them by that section, with a message
// that says `bazel build //data:cube3-large_table` rebuilds the table.)
// Loading checks the layouts; probing reads the mapping in place.
//
// Thread-safety: pure functions; the view is immutable.
#ifndef PUZZLES_CUBE3_CUBE3_TABLE_H_
#define PUZZLES_CUBE3_CUBE3_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/table_file.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

inline constexpr char kCube3Phase2Section[] = "phase2";
inline constexpr char kCube3CornersSliceSection[] = "corners_slice";
inline constexpr char kCube3CornersSection[] = "corners";
inline constexpr char kCube3Phase1MovesSection[] = "phase1_moves";
inline constexpr char kCube3LargeSection[] = "large_parity";
// The section of the large tier's files before the corner parity (refused).
inline constexpr char kCube3LargeSectionWithoutParity[] = "large";

// The file's contents for `data` (moved in).
TableContents MakeCube3TableContents(const std::string& puzzle, const std::string& table,
                                     Cube3PruningData data, std::string metadata);

// A view of `file`'s four sections, or DataLoss naming the section whose layout is wrong (or
// Cube3CheckParityBits' error).
// REQUIRES: `file` outlives the view; a little-endian host (phase1_moves is read in place).
absl::StatusOr<Cube3PruningTables> Cube3TablesFromFile(const TableFile& file);

// OK when phase1_moves' words hold the corner parity bits (cube3_pruning.h), as solved's word
// shows: with an odd parity, solved is always one move from G1's even half (bit 29). A file
// from before them has them all 0; its distances would still be lower bounds, but the verifier
// refuses it, so the loader does at once (DataLoss naming `file_name` and what to run).
// Reads only solved's word.
absl::Status Cube3CheckParityBits(const uint32_t* phase1_moves, const std::string& file_name);

// The large tier's file for `large` (packed: BuildCube3LargeTable; moved in; a `large` of another
// size than kCube3LargeBytes gives a file the loader refuses), and its section's
// bytes from `file` (DataLoss when the layout is wrong: not 4 bits an entry, or not
// kCube3LargeEntries of them, or a file from before the parity). REQUIRES: `file` outlives the
// pointer.
TableContents MakeCube3LargeTableContents(const std::string& puzzle, const std::string& table,
                                          std::vector<uint8_t> large, std::string metadata);
absl::StatusOr<const uint8_t*> Cube3LargeTableFromFile(const TableFile& file);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_TABLE_H_

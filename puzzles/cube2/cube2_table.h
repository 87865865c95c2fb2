// The 2x2x2's complete table, one per metric, and the query path over it.
//
// Content (section "solutions", 8 bits an entry, 3,674,160 entries, one per Cube2Index): the
// distance to solved in the high 4 bits, and in the low 4 bits the first move of the
// lexicographically smallest shortest solution (an index into Cube2MetricTurns(metric); 15 for the
// solved state). So a query follows at most 11 (HTM) or 14 (QTM) entries.
//
// Why this is the lex-min shortest solution: all shortest solutions of x have d(x) moves, and the
// lex-min one starts with the smallest move m for which d(x * m) = d(x) - 1 (any sequence
// starting with a smaller move is longer); its rest is the lex-min shortest solution of x * m.
// The builder computes d by BFS from solved, then stores that smallest m for every state.
//
// Loading (Cube2Table::FromTableFile) checks the section once; probing reads the mapping in place.
//
// Thread-safety: immutable after construction.

#ifndef PUZZLES_CUBE2_CUBE2_TABLE_H_
#define PUZZLES_CUBE2_CUBE2_TABLE_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzle/table_file.h"
#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/cube2/cube2_notation.h"

namespace puzzle {

enum class Cube2Metric { kHalfTurn, kQuarterTurn };

inline constexpr char kCube2SectionName[] = "solutions";
inline constexpr uint8_t kCube2NoMove = 15;
inline constexpr int kCube2MaxMoves = 9;
inline constexpr int kCube2MaxSolution = 15;  // distances fit in 4 bits
inline constexpr int kCube2InterleavedWalks = 8;

// The metric's moves in lexicographic order: HTM U U2 U' R R2 R' F F2 F', QTM U U' R R' F F'.
const std::vector<Cube2Turn>& Cube2MetricTurns(Cube2Metric metric);
// The longest shortest solution: 11 (HTM), 14 (QTM).
int Cube2MetricDiameter(Cube2Metric metric);

// Index-level move tables for the metric's moves: next(index, m) = Cube2Index(state * turn m).
class Cube2MoveTables {
 public:
  static const Cube2MoveTables& Get(Cube2Metric metric);

  int move_count() const { return move_count_; }
  uint32_t Next(uint32_t index, int move) const { return Neighbours(index).Next(move); }
  // The rows of `index`'s neighbours, for a walk that computes several of them.
  struct Rows {
    const std::array<uint16_t, kCube2MaxMoves>& perm;
    const std::array<uint16_t, kCube2MaxMoves>& twist;
    uint32_t Next(int move) const { return perm[move] * kCube2TwistCount + twist[move]; }
  };
  Rows Neighbours(uint32_t index) const {
    return Rows{perm_[index / kCube2TwistCount], twist_[index % kCube2TwistCount]};
  }
  // The moves that may follow `move` in a shortest solution, as a bit set (bit m for move m):
  // not the same face again in the half-turn metric (the two turns make one, or none), not the
  // inverse quarter turn in the quarter-turn metric (U U' is nothing; U U is a half turn).
  // kCube2NoMove (no move yet) may be followed by any.
  uint16_t MayFollow(int move) const { return may_follow_[move]; }

 private:
  explicit Cube2MoveTables(Cube2Metric metric);

  int move_count_;
  std::array<uint16_t, kCube2NoMove + 1> may_follow_;
  std::vector<std::array<uint16_t, kCube2MaxMoves>> perm_;
  std::vector<std::array<uint16_t, kCube2MaxMoves>> twist_;
};

// The table's bytes, built by BFS from solved (deterministic). `depth_counts` receives the number
// of states at each distance.
std::vector<uint8_t> BuildCube2Solutions(Cube2Metric metric, std::vector<uint64_t>* depth_counts);

TableContents MakeCube2TableContents(const std::string& puzzle, const std::string& table,
                                     std::vector<uint8_t> solutions, std::string metadata);

class Cube2Table {
 public:
  // The "solutions" section of `file`, checked for its layout: DataLoss naming the file and the
  // field otherwise. REQUIRES: `file` outlives the view.
  static absl::StatusOr<Cube2Table> FromTableFile(const TableFile& file, Cube2Metric metric);
  // REQUIRES: `solutions` holds kCube2States bytes and outlives the view.
  static Cube2Table FromBytes(const uint8_t* solutions, Cube2Metric metric) {
    return Cube2Table(solutions, metric);
  }

  int Distance(uint32_t index) const { return solutions_[index] >> 4; }
  int FirstMove(uint32_t index) const { return solutions_[index] & 15; }

  // The lex-min shortest solution of the state with `index`, as move indices; DataLoss if the
  // entries do not lead to solved in the stored distance (never for a verified table).
  absl::Status Solve(uint32_t index, std::vector<int>* moves) const;
  // The same into a caller's buffer, without allocating: `*count` moves. REQUIRES: `moves` holds
  // kCube2MaxSolution entries.
  absl::Status Solve(uint32_t index, uint8_t* moves, int* count) const;

  // Solve for `count` states at once: walks[i] receives state indexes[i]'s moves. The walks go
  // in groups of kCube2InterleavedWalks, one step of each in turn, so that their memory reads
  // overlap (a lone walk waits for each step's entry). The same answers as Solve, one by one.
  struct Walk {
    uint8_t moves[kCube2MaxSolution];
    int count = 0;
    absl::Status status;
  };
  void SolveMany(const uint32_t* indexes, size_t count, Walk* walks) const;

  Cube2Metric metric() const { return metric_; }

 private:
  Cube2Table(const uint8_t* solutions, Cube2Metric metric)
      : solutions_(solutions), metric_(metric), moves_(&Cube2MoveTables::Get(metric)) {}

  const uint8_t* solutions_;
  Cube2Metric metric_;
  const Cube2MoveTables* moves_;
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_TABLE_H_

#include "puzzles/cube3/cube3_flipslice_sorted.h"

#include <algorithm>
#include <array>
#include <thread>

#include "puzzle/huge_page_vector.h"

namespace puzzle {
namespace {

constexpr uint32_t kUnassigned = UINT32_MAX;

// a * b on the edges only (Cube3Multiply's edge half; the corners of the result are solved's).
Cube3State EdgeProduct(const Cube3State& a, const Cube3State& b) {
  Cube3State c = Cube3Solved();
  for (int i = 0; i < kCube3Edges; ++i) {
    c.ep[i] = a.ep[b.ep[i]];
    c.eo[i] = static_cast<uint8_t>((a.eo[b.ep[i]] + b.eo[i]) % 2);
  }
  return c;
}

// The raw value of S_s x S_s^-1 (inverse = false) or S_s^-1 x S_s (inverse = true).
int ConjugatedValue(const Cube3State& x, int s, bool inverse) {
  const std::array<Cube3State, kCube3Symmetries>& states = Cube3SymmetryStates();
  const int t = Cube3SymmetryInverse(s);
  const Cube3State& left = states[inverse ? t : s];
  const Cube3State& right = states[inverse ? s : t];
  return Cube3FlipSliceSortedValue(EdgeProduct(EdgeProduct(left, x), right));
}

}  // namespace

int Cube3FlipSliceSortedValue(const Cube3State& c) {
  return 2048 * Cube3Quartet(c, kCube3SliceQuartet) + Cube3Flip(c);
}

std::unique_ptr<const Cube3FlipSliceSorted> Cube3FlipSliceSorted::Create() {
  std::unique_ptr<Cube3FlipSliceSorted> tables(new Cube3FlipSliceSorted());
  tables->representative_.reserve(kCube3FlipSliceSortedClasses);
  tables->stabiliser_.reserve(kCube3FlipSliceSortedClasses);
  // By raw value: class << 4 | sym. The first value met of each class is its representative;
  // each conjugate S^-1 R S of it joins the class with sym s, as S (S^-1 R S) S^-1 = R.
  std::vector<uint32_t>& class_of = tables->class_of_;
  class_of = HugePageVector<uint32_t>(kCube3FlipSliceSorted, kUnassigned);
  for (int quartet = 0; quartet < kCube3Quartets; ++quartet) {
    Cube3State c = Cube3Solved();
    Cube3SetQuartet(&c, kCube3SliceQuartet, quartet);
    for (int flip = 0; flip < kCube3Flips; ++flip) {
      const int value = 2048 * quartet + flip;
      if (class_of[value] != kUnassigned) continue;
      const uint32_t cls = static_cast<uint32_t>(tables->representative_.size());
      tables->representative_.push_back(static_cast<uint32_t>(value));
      tables->stabiliser_.push_back(0);
      Cube3SetFlip(&c, flip);
      for (int s = 0; s < kCube3Symmetries; ++s) {
        const int y = ConjugatedValue(c, s, /*inverse=*/true);
        if (y == value) tables->stabiliser_[cls] |= 1 << s;
        if (class_of[y] == kUnassigned) class_of[y] = cls << 4 | s;
      }
    }
  }
  // The rows, on two threads (each writes its own half).
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const int classes = static_cast<int>(tables->representative_.size());
  tables->move_ = HugePageVector<uint32_t>(static_cast<size_t>(classes) * kCube3Moves, 0);
  auto fill = [&](int begin, int end) {
    for (int cls = begin; cls < end; ++cls) {
      const uint32_t value = tables->representative_[cls];
      const int quartet = static_cast<int>(value / 2048), flip = static_cast<int>(value % 2048);
      for (int m = 0; m < kCube3Moves; ++m) {
        tables->move_[static_cast<size_t>(cls) * kCube3Moves + m] =
            class_of[2048 * moves.quartet[quartet * kCube3Moves + m] +
                     moves.flip[flip * kCube3Moves + m]];
      }
    }
  };
  std::thread other(fill, classes / 2, classes);
  fill(0, classes / 2);
  other.join();
  return tables;
}

Cube3FlipSliceSorted::ClassAndSym Cube3FlipSliceSorted::Classify(const Cube3State& c) const {
  int best = INT32_MAX, best_sym = 0;
  for (int s = 0; s < kCube3Symmetries; ++s) {
    const int y = ConjugatedValue(c, s, /*inverse=*/false);
    if (y < best) best = y, best_sym = s;
  }
  const auto it =
      std::lower_bound(representative_.begin(), representative_.end(), static_cast<uint32_t>(best));
  return {static_cast<int>(it - representative_.begin()), best_sym};
}

}  // namespace puzzle

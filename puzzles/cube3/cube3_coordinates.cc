#include "puzzles/cube3/cube3_coordinates.h"

#include <algorithm>

namespace puzzle {
namespace {

int Binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  int result = 1;
  for (int i = 0; i < k; ++i) result = result * (n - i) / (i + 1);
  return result;
}

// The rank of values[0..n) (a permutation of 0..n-1) in lexicographic order (Lehmer code).
template <typename T>
int PermutationRank(const T* values, int n) {
  int rank = 0;
  for (int i = 0; i < n; ++i) {
    int smaller_after = 0;
    for (int j = i + 1; j < n; ++j) smaller_after += values[j] < values[i];
    rank = rank * (n - i) + smaller_after;
  }
  return rank;
}

// The permutation of 0..n-1 with that rank.
template <typename T>
void PermutationUnrank(int rank, int n, T* values) {
  int digits[12];
  for (int i = n - 1; i >= 0; --i) {
    digits[i] = rank % (n - i);
    rank /= n - i;
  }
  bool used[12] = {};
  for (int i = 0; i < n; ++i) {
    int k = digits[i];
    int v = 0;
    for (;; ++v) {
      if (used[v]) continue;
      if (k-- == 0) break;
    }
    used[v] = true;
    values[i] = static_cast<T>(v);
  }
}

}  // namespace

const Cube3State& Cube3MoveState(int move) {
  static const std::array<Cube3State, kCube3Moves>* const states = [] {
    auto* out = new std::array<Cube3State, kCube3Moves>;
    for (int m = 0; m < kCube3Moves; ++m) (*out)[m] = Cube3FaceTurn(m / 3, m % 3 + 1);
    return out;
  }();
  return (*states)[move];
}

int Cube3Twist(const Cube3State& c) {
  int twist = 0;
  for (int i = 0; i < kCube3Corners - 1; ++i) twist = 3 * twist + c.co[i];
  return twist;
}

int Cube3Flip(const Cube3State& c) {
  int flip = 0;
  for (int i = 0; i < kCube3Edges - 1; ++i) flip = 2 * flip + c.eo[i];
  return flip;
}

int Cube3Quartet(const Cube3State& c, int first_piece) {
  int combination = 0;
  int found = 0;
  uint8_t order[4];
  for (int j = kCube3Edges - 1; j >= 0; --j) {
    const int piece = c.ep[j];
    if (piece < first_piece || piece >= first_piece + 4) continue;
    combination += Binomial(kCube3Edges - 1 - j, found + 1);
    order[3 - found] = static_cast<uint8_t>(piece - first_piece);  // by ascending position
    ++found;
  }
  return 24 * combination + PermutationRank(order, 4);
}

int Cube3Corners(const Cube3State& c) { return PermutationRank(c.cp.data(), kCube3Corners); }

int Cube3UDEdges(const Cube3State& c) { return PermutationRank(c.ep.data(), 8); }

void Cube3SetTwist(Cube3State* c, int twist) {
  int sum = 0;
  for (int i = kCube3Corners - 2; i >= 0; --i) {
    c->co[i] = static_cast<uint8_t>(twist % 3);
    sum += c->co[i];
    twist /= 3;
  }
  c->co[kCube3Corners - 1] = static_cast<uint8_t>((3 - sum % 3) % 3);
}

void Cube3SetFlip(Cube3State* c, int flip) {
  int sum = 0;
  for (int i = kCube3Edges - 2; i >= 0; --i) {
    c->eo[i] = static_cast<uint8_t>(flip % 2);
    sum += c->eo[i];
    flip /= 2;
  }
  c->eo[kCube3Edges - 1] = static_cast<uint8_t>(sum % 2);
}

void Cube3SetQuartet(Cube3State* c, int first_piece, int quartet) {
  uint8_t order[4];
  PermutationUnrank(quartet % 24, 4, order);
  int combination = quartet / 24;
  bool in_quartet[kCube3Edges] = {};
  for (int k = 3; k >= 0; --k) {  // the combinatorial number system, largest term first
    int r = k;
    while (Binomial(r + 1, k + 1) <= combination) ++r;
    combination -= Binomial(r, k + 1);
    in_quartet[kCube3Edges - 1 - r] = true;
  }
  int next_quartet = 0;
  int next_other = 0;
  for (int j = 0; j < kCube3Edges; ++j) {
    if (in_quartet[j]) {
      c->ep[j] = static_cast<uint8_t>(first_piece + order[next_quartet++]);
    } else {
      if (next_other == first_piece) next_other += 4;
      c->ep[j] = static_cast<uint8_t>(next_other++);
    }
  }
}

void Cube3SetCorners(Cube3State* c, int corners) {
  PermutationUnrank(corners, kCube3Corners, c->cp.data());
}

void Cube3SetUDEdges(Cube3State* c, int ud_edges) {
  PermutationUnrank(ud_edges, 8, c->ep.data());
  for (int j = 8; j < kCube3Edges; ++j) c->ep[j] = static_cast<uint8_t>(j);
}

const Cube3MoveTables& Cube3MoveTables::Get() {
  static const Cube3MoveTables* const tables = new Cube3MoveTables();
  return *tables;
}

Cube3MoveTables::Cube3MoveTables()
    : twist(kCube3Twists * kCube3Moves),
      flip(kCube3Flips * kCube3Moves),
      quartet(kCube3Quartets * kCube3Moves),
      corners(kCube3CornerPerms * kCube3Moves),
      ud_edges(kCube3UDEdgePerms * kCube3Moves),
      ud_edges_from_quartets(kCube3Quartets * 24) {
  // Each coordinate's table from the cubie model: set the coordinate on solved, turn, read it.
  auto fill = [](int count, std::vector<uint16_t>* table, auto set, auto get,
                 const bool phase2_only) {
    for (int x = 0; x < count; ++x) {
      Cube3State c = Cube3Solved();
      set(&c, x);
      for (int m = 0; m < kCube3Moves; ++m) {
        if (phase2_only && !IsCube3Phase2Move(m)) continue;
        (*table)[x * kCube3Moves + m] =
            static_cast<uint16_t>(get(Cube3Multiply(c, Cube3MoveState(m))));
      }
    }
  };
  fill(kCube3Twists, &twist, Cube3SetTwist, Cube3Twist, false);
  fill(kCube3Flips, &flip, Cube3SetFlip, Cube3Flip, false);
  // A quartet's move table does not depend on which four pieces it follows (only on where they
  // are and in which order), so the slice quartet's serves the U and D quartets too.
  fill(
      kCube3Quartets, &quartet,
      [](Cube3State* c, int x) { Cube3SetQuartet(c, kCube3SliceQuartet, x); },
      [](const Cube3State& c) { return Cube3Quartet(c, kCube3SliceQuartet); }, false);
  fill(kCube3CornerPerms, &corners, Cube3SetCorners, Cube3Corners, false);
  fill(kCube3UDEdgePerms, &ud_edges, Cube3SetUDEdges, Cube3UDEdges, true);
  for (int x = 0; x < kCube3UDEdgePerms; ++x) {
    Cube3State c = Cube3Solved();
    Cube3SetUDEdges(&c, x);
    const int u = Cube3Quartet(c, kCube3UQuartet);
    const int d = Cube3Quartet(c, kCube3DQuartet);
    ud_edges_from_quartets[u * 24 + d % 24] = static_cast<uint16_t>(x);
  }
}

}  // namespace puzzle

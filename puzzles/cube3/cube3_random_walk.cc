#include "puzzles/cube3/cube3_random_walk.h"

#include "puzzles/cube3/cube3_coordinates.h"

namespace puzzle {

Cube3State Cube3RandomWalk(Cube3State from, int moves, bool g1_only, SeededRandom& random) {
  for (int i = 0; i < moves; ++i) {
    const int m = g1_only ? kCube3Phase2Moves[random.Below(kCube3Phase2MoveCount)]
                          : static_cast<int>(random.Below(kCube3Moves));
    from = Cube3Multiply(from, Cube3MoveState(m));
  }
  return from;
}

}  // namespace puzzle

// The 8-puzzle's playground view, served as /views/eight.js (web/README.md has the contract): the
// shared sliding-puzzle view (web/sliding_view.js, shared.mountSlidingView) with the 8-puzzle's
// examples and first start. The grid, the blank, the default goal, the notation and the moves'
// names come from the server's PuzzleInfo; answers and the boards replayed come from POST
// /v2/puzzles/eight:solve (includeBoards), scrambles (20-40 random moves) from :scramble.
// Nothing here applies the puzzle's moves.
//
// Test ids (prefix "eight"): eight-form, -start, -goal (data-field start/goal), -goal-default,
// -goal-board, -error, -scramble, -solve, -example (data-start, data-goal), -distance
// (data-distance), -time, -unsolvable, -reached, -board (data-board), and the player's.

export const prefix = 'eight';

const EXAMPLES = [
  { start: '564178X23', goal: '7568X4123', label: '564178X23 \u2192 7568X4123', note: 'HDU 3567, 8' },
  { start: '2 3 4 1 5 x 7 6 8', goal: '', note: 'POJ 1077, 19' },
  { start: '8 6 7 2 5 4 3 x 1', goal: '', note: 'hardest, 31' },
  { start: '12345687X', goal: '', note: 'unsolvable' },
];

export function mount(panel, info, shared) {
  shared.mountSlidingView(panel, info, { prefix, examples: EXAMPLES, start: '564178X23' });
}

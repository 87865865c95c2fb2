// The 15-puzzle's playground view, served as /views/fifteen.js (web/README.md has the contract):
// the shared sliding-puzzle view (web/sliding_view.js, shared.mountSlidingView) with the
// 15-puzzle's examples and a scramble-depth control. Its answers come from an IDA* search
// (info.searches), so Solve streams the search's progress from POST
// /v2/puzzles/fifteen:solveWatch (includeBoards) and can be cancelled; scrambles come from
// :scramble, as many moves from the goal as the depth control says. The grid, the blank, the
// default goal, the notation and the moves' names come from the server's PuzzleInfo. Nothing
// here applies the puzzle's moves.
//
// Test ids (prefix "fifteen"): fifteen-form, -start, -goal (data-field start/goal),
// -goal-default, -goal-board, -error, -depth (the scramble depth, 0-200), -scramble, -solve,
// -example (data-start, data-goal), -distance (data-distance), -nodes (data-nodes),
// -search-time (data-milliseconds), -time, -search (the search's live status: data-status idle
// | searching | done | cancelled | failed; data-bound, data-nodes, data-milliseconds: the newest
// progress), -cancel, -unsolvable, -reached, -board (data-board), and the player's (its
// -progress is the playback's "Move k of n", not the search's).

export const prefix = 'fifteen';

const EXAMPLES = [
  { start: '123456789ABCDEXF', goal: '', note: 'one move' },
  { start: '1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15', goal: '', note: 'AIZU sample, 8' },
  { start: '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', goal: 'X123456789ABCDEF',
    label: 'EDF7BC956X2148A3 \u2192 X123456789ABCDEF', note: 'Korf #1, 57' },
  { start: '123456789ABCDFEX', goal: '', note: 'unsolvable' },
];

export function mount(panel, info, shared) {
  shared.mountSlidingView(panel, info, {
    prefix,
    examples: EXAMPLES,
    start: '1234678X5ABC9DEF',
    baseMs: 300,
    scrambleDepth: { min: 0, max: 200, value: 40 },
  });
}

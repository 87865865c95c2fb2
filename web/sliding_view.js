// The view of a sliding puzzle (web/README.md), which a puzzle's view module configures: a start
// and a goal (as text, and as boards: click two cells to swap them, or move the blank with the
// arrow keys), examples, Scramble (a random number of moves away from the goal, or as many as a
// depth control says), Solve, the answer's stats, the unsolvable and reached banners, and the
// player. A puzzle that searches (info.searches) streams the search's progress while it solves,
// with a Cancel button, and shows the answer's nodes and search time. The grid, the blank, the
// default goal and the moves' names come from the server's PuzzleInfo; answers and the boards
// replayed come from the server. Nothing here applies a move.
//
// Test ids, P the prefix: P-form, P-start, P-goal (data-field start, goal), P-goal-default,
// P-goal-board, P-error, P-scramble, P-depth (with options.scrambleDepth), P-solve, P-example
// (data-start, data-goal), P-distance (data-distance), P-time, P-unsolvable, P-reached,
// P-board (data-board), the player's, and when info.searches: P-nodes (data-nodes),
// P-search-time (data-milliseconds), P-search (data-status, data-bound, data-nodes,
// data-milliseconds) and P-cancel.
//
// Example (a view module):
//   export const prefix = 'tiles';
//   export function mount(panel, info, shared) {
//     const examples = [{ start: '...', goal: '', note: '...' }];
//     shared.mountSlidingView(panel, info, { prefix, examples });
//   }

import { announce, escapeHtml as esc, icons, Player, randInt } from './player.js';
import { actionsHtml, bannerHtml, bindExamples, errorBoxHtml, examplesHtml, searchHtml, SolveSession, statHtml } from './panel.js';
import { parseSliding, SlidingBoard } from './sliding.js';

// Fills `panel` with a sliding puzzle's view. options:
//   prefix         the test-id prefix (required)
//   examples       [{start, goal, label?, note}]: goal '' is the default; label replaces the
//                  start as the button's text
//   start          the start shown at first ('' for none)
//   baseMs         one move's animation at 1x (default 380)
//   scrambleMoves  () -> how many random moves Scramble makes (default 20-40)
//   scrambleDepth  {min, max, value}: instead, a depth control (P-depth) says how many
// Returns {session, player, board, goalBoard, solve} for a view that adds to it.
export function mountSlidingView(panel, info, options) {
  const { prefix, examples, start = '', baseMs = 380 } = options;
  const scrambleMoves = options.scrambleMoves || (() => 20 + randInt(21));
  const depth = options.scrambleDepth;
  const goalDefault = info.defaultGoal;
  const searches = !!info.searches;
  const moveName = Object.fromEntries(info.moves.map((m) => [m.symbol, m.name]));
  const id = (part) => esc(prefix + '-' + part);
  const field = (part, label, value, hint, extra = '') => `
      <div class="field">
        <label for="${id(part)}">${label}</label>
        ${extra ? '<div class="input-row">' : ''}
        <input type="text" id="${id(part)}" data-testid="${id(part)}" name="${part}" data-field="${part}" value="${esc(value)}"
               autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="${id(part)}-hint">
        ${extra ? extra + '</div>' : ''}
        <p class="hint" id="${id(part)}-hint">${hint}</p>
      </div>`;
  const depthField = !depth ? '' : `
      <div class="field">
        <label for="${id('depth')}">Scramble depth</label>
        <input type="number" id="${id('depth')}" data-testid="${id('depth')}" name="depth" inputmode="numeric"
               min="${depth.min}" max="${depth.max}" step="1" value="${depth.value}" aria-describedby="${id('depth')}-hint">
        <p class="hint" id="${id('depth')}-hint">Scramble makes this many random moves away from the goal
          (${depth.min}\u2013${depth.max}); the optimal solution can be shorter.</p>
      </div>`;

  panel.innerHTML = `
<div class="layout">
  <div class="card">
    <h2>Boards</h2>
    <form id="${id('form')}" data-testid="${id('form')}" novalidate>
      ${field('start', 'Start', start, esc(info.notation))}
      ${field('goal', 'Goal', goalDefault, `Empty means <code>${esc(goalDefault)}</code>.`,
        `<button type="button" class="btn small" id="${id('goal-default')}" data-testid="${id('goal-default')}"
                 title="Set the goal to ${esc(goalDefault)}">Default</button>`)}
      ${depthField}
      ${errorBoxHtml(prefix)}
      ${actionsHtml(prefix, depth ? 'A random start that can reach the goal: as many random moves away from it as the depth says, made by the server'
                                  : 'A random start that can reach the goal: random moves away from it, made by the server')}
    </form>

    <h3 id="${id('goal-board-label')}">Goal board</h3>
    <div class="goal-row">
      <div id="${id('goal-board')}" data-testid="${id('goal-board')}" tabindex="0" aria-describedby="${id('goal-board-help')}"></div>
      <p id="${id('goal-board-help')}">Click two cells to swap them, or focus the board and move the blank with the arrow keys.</p>
    </div>

    ${examplesHtml(prefix, examples)}
    <p class="legend">Moves name where the <em>blank</em> goes:
      ${info.moves.map((m) => '<code>' + esc(m.symbol) + '</code> ' + esc(m.name)).join(', ')}.
      Of all shortest solutions the oracle answers the alphabetically first.</p>
  </div>

  <div class="card" id="${id('stage')}">
    <div class="stats">
      ${statHtml(prefix, 'distance', 'Distance')}
      ${searches ? statHtml(prefix, 'nodes', 'Nodes searched') + statHtml(prefix, 'search-time', 'Search time') : ''}
      ${statHtml(prefix, 'time', 'Answered in')}
    </div>
    ${searches ? searchHtml(prefix) : ''}
    ${bannerHtml(prefix, 'unsolvable', { kind: 'warn', icon: icons.ban,
      bodyHtml: '<strong>Unsolvable</strong>No sequence of moves turns this start into this goal (the server answers distance \u22121).' })}
    ${bannerHtml(prefix, 'reached', { kind: 'ok', icon: icons.check })}
    <div class="board-area">
      <div id="${id('board')}" data-testid="${id('board')}" tabindex="0" aria-describedby="${id('board-help')}"></div>
      <p class="board-hint" id="${id('board-help')}">Edit the start here: click two cells to swap them, or focus the board and move the blank with the arrow keys.</p>
    </div>
  </div>
</div>`;

  const $ = (part) => panel.querySelector('#' + CSS.escape(prefix + '-' + part));
  const startInput = $('start');
  const goalInput = $('goal');
  const depthInput = $('depth');
  const parse = (text) => parseSliding(text, info);
  const grid = { rows: info.rows, cols: info.cols, blank: info.blankSymbol || 'X' };

  const session = new SolveSession({
    panel, prefix, info,
    onClear: () => { player.emptyText = 'Press Solve to see the moves.'; },
  });
  const board = new SlidingBoard($('board'), {
    ...grid,
    name: 'Start board',
    onEdit: (state) => showStart(state, 'animate'),
  });
  const goalBoard = new SlidingBoard($('goal-board'), {
    ...grid,
    mini: true,
    name: 'Goal board',
    onEdit: (state) => {
      goalInput.value = state;
      goalChanged(true);
    },
  });
  const player = new Player({
    prefix,
    label: info.title,
    board,
    baseMs,
    describe: (m) => 'blank ' + (moveName[m] || m),
    zeroText: 'No moves needed: the start is the goal.',
    onFinish: (state) => {
      if (state === board.goal) session.reached('Reached the goal in ' + player.n + (player.n === 1 ? ' move.' : ' moves.'));
    },
  });
  $('stage').append(player.el);
  player.bindKeys(panel);

  function setDrawable(ok) { board.el.classList.toggle('board-invalid', !ok); }

  // A new start (edited on the board, or scrambled): in the input, on the board; no answer.
  function showStart(state, mode) {
    startInput.value = state;
    session.edited();
    setDrawable(true);
    player.clear(state, mode);
  }

  function goalChanged(animate) {
    session.edited();
    const goal = parse(goalInput.value.trim() === '' ? goalDefault : goalInput.value);
    goalBoard.el.classList.toggle('board-invalid', !goal);
    if (goal) {
      goalBoard.render(goal, animate);
      board.setGoal(goal);
    }
    if (player.hasSolution) player.clear(player.states[0]);
  }

  // The depth control's value, clamped to its range (and written back).
  function scrambleDepth() {
    const n = Math.round(Number(depthInput.value));
    const clamped = Number.isFinite(n) && depthInput.value.trim() !== '' ? Math.min(depth.max, Math.max(depth.min, n)) : depth.value;
    depthInput.value = String(clamped);
    return clamped;
  }

  startInput.addEventListener('input', () => {
    session.edited();
    const state = parse(startInput.value);
    player.clear(state);
    setDrawable(!!state);
  });
  goalInput.addEventListener('input', () => goalChanged(false));
  $('goal-default').addEventListener('click', () => {
    goalInput.value = goalDefault;
    goalChanged(true);
  });
  if (depthInput) depthInput.addEventListener('change', scrambleDepth);

  $('scramble').addEventListener('click', async () => {
    const moves = depthInput ? scrambleDepth() : scrambleMoves();
    const state = await session.scramble({ goal: goalInput.value.trim(), moves });
    if (state === null) return;
    showStart(state, 'animate');
    announce('Scrambled: start ' + state + '.');
  });

  bindExamples(panel, prefix, (example) => {
    startInput.value = example.start;
    goalInput.value = example.goal || goalDefault;
    goalChanged(false);
    startInput.dispatchEvent(new Event('input'));
    solve();
  });

  async function solve() {
    const start = startInput.value.trim();
    const answer = await session.solve({ start, goal: goalInput.value.trim() }, () => player.clear(parse(start)));
    if (!answer) return;
    if (!answer.data.solvable) {
      player.emptyText = 'No moves: unsolvable.';
      const drawn = parse(start);
      setDrawable(!!drawn);
      player.clear(drawn);
      announce('Unsolvable: this start cannot reach this goal.');
      return;
    }
    // The server's boards are canonical: its last one is the goal as it read it.
    const reached = answer.boards[answer.boards.length - 1];
    goalBoard.el.classList.remove('board-invalid');
    goalBoard.render(reached);
    board.setGoal(reached);
    setDrawable(true);
    announce('Solved: distance ' + answer.data.distance + ', moves ' + (answer.data.moves || 'none') + '.');
    player.playSolution(answer.boards, answer.moves);
  }
  $('form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });

  goalChanged(false);
  const first = parse(startInput.value);
  player.clear(first);
  setDrawable(!!first);
  return { session, player, board, goalBoard, solve };
}

// The 8-puzzle's playground view, served as /views/eight.js (web/README.md has the contract): a
// start and a goal, examples, the board (shared.SlidingBoard) and the player. The grid, the
// blank, the default goal and the moves' names come from the server's PuzzleInfo; answers and
// the boards replayed come from POST /v2/puzzles/eight:solve (includeBoards), scrambles from
// :scramble. Nothing here applies the puzzle's moves.
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
  const { escapeHtml: esc, icons, announce, formatMs, showError, hideError, parseSliding, randInt } = shared;
  const goalDefault = info.defaultGoal;
  const moveName = Object.fromEntries(info.moves.map((m) => [m.symbol, m.name]));
  const example = (e) =>
    '<li><button type="button" class="example" data-testid="eight-example" data-start="' + esc(e.start) +
    '" data-goal="' + esc(e.goal) + '"><code>' + esc(e.label || e.start) + '</code><span>' + esc(e.note) + '</span></button></li>';

  panel.innerHTML = `
<div class="layout">
  <div class="card">
    <h2>Boards</h2>
    <form id="eight-form" data-testid="eight-form" novalidate>
      <div class="field">
        <label for="eight-start">Start</label>
        <input type="text" id="eight-start" data-testid="eight-start" name="start" data-field="start" value="564178X23"
               autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="eight-start-hint">
        <p class="hint" id="eight-start-hint">9 cells in reading order: tiles 1\u20138 and the blank
          <kbd>X</kbd> (or <kbd>x</kbd>, <kbd>0</kbd>), e.g. <code>12X453786</code> or <code>2 3 4 1 5 x 7 6 8</code>.</p>
      </div>
      <div class="field">
        <label for="eight-goal">Goal</label>
        <div class="input-row">
          <input type="text" id="eight-goal" data-testid="eight-goal" name="goal" data-field="goal" value="${esc(goalDefault)}"
                 autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="eight-goal-hint">
          <button type="button" class="btn small" id="eight-goal-default" data-testid="eight-goal-default"
                  title="Set the goal to ${esc(goalDefault)}">Default</button>
        </div>
        <p class="hint" id="eight-goal-hint">Empty means <code>${esc(goalDefault)}</code>.</p>
      </div>
      <div id="eight-error" class="error" data-testid="eight-error" role="alert" hidden></div>
      <div class="actions">
        <button type="button" class="btn" id="eight-scramble" data-testid="eight-scramble"
                title="A random start that can reach the goal: random moves away from it, made by the server">${icons.scramble}Scramble</button>
        <button type="submit" class="btn primary" id="eight-solve" data-testid="eight-solve">${icons.play}Solve</button>
      </div>
    </form>

    <h3 id="eight-goal-board-label">Goal board</h3>
    <div class="goal-row">
      <div id="eight-goal-board" data-testid="eight-goal-board" tabindex="0" aria-describedby="eight-goal-board-help"></div>
      <p id="eight-goal-board-help">Click two cells to swap them, or focus the board and move the blank with the arrow keys.</p>
    </div>

    <h3 id="eight-examples-label">Examples</h3>
    <ul class="examples" aria-labelledby="eight-examples-label">${EXAMPLES.map(example).join('')}</ul>
    <p class="legend">Moves name where the <em>blank</em> goes:
      ${info.moves.map((m) => '<code>' + esc(m.symbol) + '</code> ' + esc(m.name)).join(', ')}.
      Of all shortest solutions the oracle answers the alphabetically first.</p>
  </div>

  <div class="card" id="eight-stage">
    <div class="stats">
      <div class="stat"><span class="stat-label" id="eight-distance-label">Distance</span>
        <output class="stat-value" id="eight-distance" data-testid="eight-distance" aria-labelledby="eight-distance-label">\u2013</output></div>
      <div class="stat"><span class="stat-label" id="eight-time-label">Answered in</span>
        <output class="stat-value" id="eight-time" data-testid="eight-time" aria-labelledby="eight-time-label">\u2013</output></div>
    </div>
    <div id="eight-unsolvable" class="banner warn" data-testid="eight-unsolvable" role="status" hidden>
      ${icons.ban}<div><strong>Unsolvable</strong>No sequence of moves turns this start into this goal: their tile orders
        have different parity (the server answers distance \u22121).</div>
    </div>
    <div id="eight-reached" class="banner ok" data-testid="eight-reached" role="status" hidden>
      ${icons.check}<div id="eight-reached-text"></div>
    </div>
    <div class="board-area">
      <div id="eight-board" data-testid="eight-board" tabindex="0" aria-describedby="eight-board-help"></div>
      <p class="board-hint" id="eight-board-help">Edit the start here: click two cells to swap them, or focus the board and move the blank with the arrow keys.</p>
    </div>
  </div>
</div>`;

  const $ = (id) => panel.querySelector('#' + id);
  const startInput = $('eight-start');
  const goalInput = $('eight-goal');
  const errorBox = $('eight-error');
  const fields = [startInput, goalInput];
  const solveButton = $('eight-solve');
  const scrambleButton = $('eight-scramble');
  const distance = $('eight-distance');
  const parse = (text) => parseSliding(text, info);
  const grid = { rows: info.rows, cols: info.cols, blank: info.blankSymbol || 'X' };
  let version = 0;  // bumped by every edit: answers to older requests are dropped

  const board = new shared.SlidingBoard($('eight-board'), {
    ...grid,
    name: 'Start board',
    onEdit: (state) => {
      startInput.value = state;
      hideError(errorBox, fields);
      clearResult();
      setDrawable(true);
      player.clear(state, 'animate');
    },
  });
  const goalBoard = new shared.SlidingBoard($('eight-goal-board'), {
    ...grid,
    mini: true,
    name: 'Goal board',
    onEdit: (state) => {
      goalInput.value = state;
      goalChanged(true);
    },
  });
  const player = new shared.Player({
    prefix,
    label: '8-puzzle',
    board,
    baseMs: 380,
    describe: (m) => 'blank ' + (moveName[m] || m),
    zeroText: 'No moves needed: the start is the goal.',
    onFinish: (state) => {
      if (state !== board.goal) return;
      const text = 'Reached the goal in ' + player.n + (player.n === 1 ? ' move.' : ' moves.');
      $('eight-reached-text').textContent = text;
      $('eight-reached').hidden = false;
      announce(text);
    },
  });
  $('eight-stage').append(player.el);
  player.bindKeys(panel);

  function setDrawable(ok) { board.el.classList.toggle('board-invalid', !ok); }

  function clearResult() {
    version++;
    distance.textContent = '\u2013';
    distance.removeAttribute('data-distance');
    $('eight-time').textContent = '\u2013';
    $('eight-unsolvable').hidden = true;
    $('eight-reached').hidden = true;
    player.emptyText = 'Press Solve to see the moves.';
  }

  function goalChanged(animate) {
    hideError(errorBox, fields);
    const goal = parse(goalInput.value.trim() === '' ? goalDefault : goalInput.value);
    goalBoard.el.classList.toggle('board-invalid', !goal);
    if (goal) {
      goalBoard.render(goal, animate);
      board.setGoal(goal);
    }
    if (player.hasSolution) {
      clearResult();
      player.clear(player.states[0]);
    }
  }

  startInput.addEventListener('input', () => {
    hideError(errorBox, fields);
    clearResult();
    const start = parse(startInput.value);
    player.clear(start);
    setDrawable(!!start);
  });
  goalInput.addEventListener('input', () => goalChanged(false));
  $('eight-goal-default').addEventListener('click', () => {
    goalInput.value = goalDefault;
    goalChanged(true);
  });

  scrambleButton.addEventListener('click', async () => {
    hideError(errorBox, fields);
    const request = ++version;
    scrambleButton.disabled = true;
    scrambleButton.setAttribute('aria-busy', 'true');
    const answer = await shared.scramble(info.name, { goal: goalInput.value.trim(), moves: 20 + randInt(21) });
    scrambleButton.disabled = false;
    scrambleButton.removeAttribute('aria-busy');
    if (request !== version) return;  // edited meanwhile
    if (!answer.ok) {
      showError(errorBox, answer.message, fields);
      announce('Error: ' + answer.message);
      return;
    }
    const start = answer.data.board;
    startInput.value = start;
    clearResult();
    setDrawable(true);
    player.clear(start, 'animate');
    announce('Scrambled: start ' + start + '.');
  });

  for (const b of panel.querySelectorAll('[data-testid="eight-example"]')) {
    b.addEventListener('click', () => {
      startInput.value = b.dataset.start;
      goalInput.value = b.dataset.goal || goalDefault;
      goalChanged(false);
      startInput.dispatchEvent(new Event('input'));
      solve();
    });
  }

  async function solve() {
    hideError(errorBox, fields);
    clearResult();
    const request = version;
    const start = startInput.value.trim();
    const goal = goalInput.value.trim();
    player.clear(parse(start));
    solveButton.disabled = true;
    solveButton.setAttribute('aria-busy', 'true');
    const t0 = performance.now();
    const answer = await shared.solve(info.name, { start, goal });
    const elapsed = performance.now() - t0;
    solveButton.disabled = false;
    solveButton.removeAttribute('aria-busy');
    if (request !== version) return;  // the boards changed meanwhile
    if (!answer.ok) {
      showError(errorBox, answer.message, fields);
      announce('Error: ' + answer.message);
      return;
    }
    const r = answer.data;
    $('eight-time').textContent = formatMs(elapsed);
    distance.dataset.distance = String(r.distance);
    if (!r.solvable) {
      distance.textContent = '\u22121';
      $('eight-unsolvable').hidden = false;
      player.emptyText = 'No moves: unsolvable.';
      const drawn = parse(start);
      setDrawable(!!drawn);
      player.clear(drawn);
      announce('Unsolvable: this start cannot reach this goal.');
      return;
    }
    distance.textContent = String(r.distance);
    const moves = String(r.moves || '').split('').filter(Boolean);
    const boards = Array.isArray(r.boards) ? r.boards : [];
    if (boards.length !== moves.length + 1) {
      showError(errorBox, 'The server answered ' + boards.length + ' boards for ' + moves.length + ' moves; expected one more board than moves.', fields);
      return;
    }
    // The server's boards are canonical: its last one is the goal as it read it.
    const reached = boards[boards.length - 1];
    goalBoard.el.classList.remove('board-invalid');
    goalBoard.render(reached);
    board.setGoal(reached);
    setDrawable(true);
    player.load(boards, moves);
    announce('Solved: distance ' + r.distance + ', moves ' + (r.moves || 'none') + '.');
    if (moves.length === 0) player.finished(); else player.play();
  }
  $('eight-form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });

  goalChanged(false);
  const start = parse(startInput.value);
  player.clear(start);
  setDrawable(!!start);
}

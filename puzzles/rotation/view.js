// The Rotation Game's playground view, served as /views/rotation-game.js (web/README.md has the
// contract): the board, its op buttons, examples and the player. Everything about the board's
// shape comes from the server's PuzzleInfo: the cells' places from info.layout (rows x cols, -1
// where there is no cell), each op's line from info.moves[i].cells. An op pressed by hand is
// applied here by the documented rule (cells[i] takes cells[i+1]'s symbol, the last takes the
// first's); answers, and the boards replayed, come from POST /v2/puzzles/rotation-game:solve
// (includeBoards), scrambles from :scramble.
//
// Test ids (prefix "rotation"): rotation-form, -input (data-field board), -error, -scramble,
// -solve, -example (data-start), -distance (data-distance), -centre (data-centre), -time,
// -reached, -board (data-board), -op-A ... -op-H (class "active" while their op plays), and the
// player's.

export const prefix = 'rotation';

const EXAMPLES = [
  { start: '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3', note: 'HDU 1667, AC' },
  { start: '1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3', note: 'HDU 1667, DDHH' },
  { start: '1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3', note: 'no moves needed' },
];

const SYMBOLS = '123';

// The board: a (rows + 2) x (cols + 2) grid of --p, the op buttons on the outer ring.
const CSS = `
.rot-board {
  --p: 50px; --tok: 42px;
  position: relative; width: calc(var(--p) * var(--gc)); height: calc(var(--p) * var(--gr)); flex: none; user-select: none;
}
@media (max-width: 560px) { .rot-board { --p: 36px; --tok: 30px; } }
.rot-board:focus-visible { outline: 3px solid var(--accent); outline-offset: 4px; border-radius: 12px; }
.rot-board > * { position: absolute; }
.rot-board .at {
  left: calc((var(--c) + 1) * var(--p)); top: calc((var(--r) + 1) * var(--p));
  width: var(--p); height: var(--p); display: flex; align-items: center; justify-content: center;
}
.rot-board .cross { background: var(--board); border-radius: 12px; }
.rot-board .centre-box {
  border-radius: 14px; background: var(--accent-soft); border: 2px solid var(--accent);
  transition: box-shadow 0.3s, border-color 0.3s;
}
.rot-board.uniform .centre-box { border-color: var(--ok); box-shadow: 0 0 0 4px var(--home-border); }
.rot-board .band {
  background: var(--band); border: 2px solid var(--accent); border-radius: 14px; opacity: 0;
  transition: opacity 0.15s; pointer-events: none; z-index: 1;
}
.rot-board .band.on { opacity: 1; }
.rot-board .slot::before {
  content: ""; width: var(--tok); height: var(--tok); border-radius: 50%;
  background: var(--hole); box-shadow: inset 0 1px 3px rgba(0, 0, 0, 0.18);
}
.rot-board .slot { cursor: pointer; }
.rot-board .tok {
  width: var(--tok); height: var(--tok); margin: calc((var(--p) - var(--tok)) / 2);
  border-radius: 50%; display: flex; align-items: center; justify-content: center;
  font: 700 calc(var(--tok) * 0.45)/1 var(--font); color: #fff; pointer-events: none; z-index: 2;
  box-shadow: inset 0 -3px 0 rgba(0, 0, 0, 0.18), 0 1px 2px rgba(0, 0, 0, 0.2);
}
.rot-board .tok.s1, .swatch.s1 { background: var(--sym1); }
.rot-board .tok.s2, .swatch.s2 { background: var(--sym2); }
.rot-board .tok.s3, .swatch.s3 { background: var(--sym3); }
.rot-board .tok.ghost { z-index: 3; }
.rot-board .sel {
  width: calc(var(--tok) + 8px); height: calc(var(--tok) + 8px); margin: calc((var(--p) - var(--tok) - 8px) / 2);
  border-radius: 50%; border: 3px dashed var(--accent); z-index: 4; pointer-events: none;
}
.rot-board .hub { font: 700 1.1rem/1 var(--font); color: var(--muted); z-index: 2; pointer-events: none; }
.rot-board .hub .tok { position: static; margin: 0; width: calc(var(--tok) * 0.8); height: calc(var(--tok) * 0.8); }
.rot-board .op {
  appearance: none; font: 700 0.95rem/1 var(--font); color: var(--accent); cursor: pointer;
  width: calc(var(--p) - 10px); height: calc(var(--p) - 10px); margin: 5px; border-radius: 10px;
  border: 1px solid var(--border); background: var(--card); display: flex; align-items: center;
  justify-content: center; gap: 1px; padding: 0;
}
.rot-board .op svg { width: 14px; height: 14px; }
.rot-board .op:hover { border-color: var(--accent); }
.rot-board .op:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.rot-board .op.active { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.swatch { display: inline-flex; width: 26px; height: 26px; border-radius: 50%; color: #fff; font-size: 0.9rem; align-items: center; justify-content: center; }
@media (prefers-reduced-motion: reduce) { .rot-board .band, .rot-board .centre-box { transition: none; } }
`;

const ARROW_PATHS = { up: 'M12 19V5M6 11l6-6 6 6', down: 'M12 5v14M6 13l6 6 6-6',
                      right: 'M5 12h14M13 6l6 6-6 6', left: 'M19 12H5M11 6l-6 6 6 6' };

// The board's geometry, from the server's PuzzleInfo: where each cell is, each op's line, which
// way it moves the symbols, which op undoes it, and the centre (the cells around the middle of
// the grid, whose symbols must become equal).
function geometry(info) {
  const pos = [];  // cell -> [row, col]
  info.layout.forEach((cell, k) => { if (cell >= 0) pos[cell] = [Math.floor(k / info.cols), k % info.cols]; });
  const n = pos.length;
  const ops = {};
  for (const m of info.moves) {
    const l = m.cells;
    if (!Array.isArray(l) || l.length < 2 || !l.every((c) => pos[c])) {
      throw new Error('move ' + m.symbol + ' has no line of cells on the board (info.moves[].cells)');
    }
    // Symbols move from l[1] to l[0]: that is the op's direction.
    const dr = Math.sign(pos[l[0]][0] - pos[l[1]][0]), dc = Math.sign(pos[l[0]][1] - pos[l[1]][1]);
    const rs = l.map((c) => pos[c][0]), cs = l.map((c) => pos[c][1]);
    ops[m.symbol] = {
      symbol: m.symbol,
      cells: l,
      dir: dr < 0 ? 'up' : dr > 0 ? 'down' : dc > 0 ? 'right' : 'left',
      kind: dc === 0 ? 'column' : 'row',
      box: [Math.min(...rs), Math.min(...cs), Math.max(...rs) - Math.min(...rs) + 1, Math.max(...cs) - Math.min(...cs) + 1],
      button: [pos[l[0]][0] + dr, pos[l[0]][1] + dc],
    };
  }
  const sameSet = (a, b) => a.length === b.length && a.every((c) => b.includes(c));
  const symbols = info.moves.map((m) => m.symbol);
  for (const op of Object.values(ops)) {
    // A line is named after the first op that moves it; an op's inverse moves it the other way.
    op.line = symbols.find((s) => sameSet(ops[s].cells, op.cells));
    const reversed = [...op.cells].reverse();
    op.inverse = symbols.find((s) => ops[s].cells.every((c, i) => c === reversed[i]));
    op.words = op.kind + ' ' + op.line + ' ' + op.dir;
  }
  const midR = (info.rows - 1) / 2, midC = (info.cols - 1) / 2;
  const centre = [];
  for (let c = 0; c < n; c++) {
    if (Math.abs(pos[c][0] - midR) <= 1 && Math.abs(pos[c][1] - midC) <= 1) centre.push(c);
  }
  return { pos, n, ops, symbols, centre, mid: [midR, midC], rows: info.rows, cols: info.cols };
}

// The documented rule: along the op's line, cells[i] takes cells[i + 1]'s symbol, the last
// cell the first's.
function applyOp(board, cells) {
  const a = board.split('');
  const first = a[cells[0]];
  for (let i = 0; i + 1 < cells.length; i++) a[cells[i]] = a[cells[i + 1]];
  a[cells[cells.length - 1]] = first;
  return a.join('');
}

const spaced = (board) => board.split('').join(' ');

// The board (shared: the playground's helpers; onEdit(board) gets edits, onOp(symbol) ops
// pressed by hand or typed).
class RotationBoard {
  constructor(el, g, shared, { onEdit, onOp }) {
    this.el = el;
    this.g = g;
    this.onOp = onOp;
    this.sleep = shared.sleep;
    this.state = null;
    this.gen = 0;
    this.running = [];
    this.ghosts = [];
    el.classList.add('rot-board');
    el.style.setProperty('--gr', String(g.rows + 2));
    el.style.setProperty('--gc', String(g.cols + 2));
    const place = (node, r, c) => {
      node.style.left = 'calc(' + (c + 1) + ' * var(--p))';
      node.style.top = 'calc(' + (r + 1) + ' * var(--p))';
      return node;
    };
    const box = (cls, [r, c, h, w]) => {
      const node = place(document.createElement('div'), r, c);
      node.className = cls;
      node.style.width = 'calc(' + w + ' * var(--p))';
      node.style.height = 'calc(' + h + ' * var(--p))';
      el.append(node);
      return node;
    };
    const at = (node, r, c) => {
      node.classList.add('at');
      node.style.setProperty('--r', String(r));
      node.style.setProperty('--c', String(c));
      return node;
    };
    // The lines' cells (the '#'), the framed centre, and one highlight band per line.
    const lineBoxes = new Map();
    for (const op of Object.values(g.ops)) if (!lineBoxes.has(op.line)) lineBoxes.set(op.line, op.box);
    for (const b of lineBoxes.values()) box('cross', b);
    box('centre-box', [g.mid[0] - 1, g.mid[1] - 1, 3, 3]);
    this.bands = new Map();
    for (const [line, b] of lineBoxes) this.bands.set(line, box('band', b));
    this.hub = at(document.createElement('div'), g.mid[0], g.mid[1]);
    this.hub.classList.add('hub');
    this.hub.setAttribute('aria-hidden', 'true');
    el.append(this.hub);
    this.tokens = [];
    for (let i = 0; i < g.n; i++) {
      const [r, c] = g.pos[i];
      const slot = at(document.createElement('div'), r, c);
      slot.classList.add('slot');
      slot.dataset.cell = String(i);
      el.append(slot);
      const tok = place(document.createElement('div'), r, c);
      tok.className = 'tok';
      tok.setAttribute('aria-hidden', 'true');
      el.append(tok);
      this.tokens.push(tok);
    }
    this.picker = new shared.CellPicker(el, { place: (marker, i) => place(marker, g.pos[i][0], g.pos[i][1]),
                                              state: () => this.state, onEdit });
    // Op buttons at the line ends, with an arrow showing which way the line moves.
    this.opButtons = {};
    for (const op of Object.values(g.ops)) {
      const button = place(document.createElement('button'), op.button[0], op.button[1]);
      button.type = 'button';
      button.className = 'op';
      button.id = 'rotation-op-' + op.symbol;
      button.dataset.testid = 'rotation-op-' + op.symbol;
      button.dataset.op = op.symbol;
      button.setAttribute('aria-label', 'Op ' + op.symbol + ': ' + op.words);
      button.title = 'Op ' + op.symbol + ': ' + op.words;
      button.innerHTML = op.symbol.replace(/[&<>]/g, '') + '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.6" ' +
          'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="' + ARROW_PATHS[op.dir] + '"/></svg>';
      button.addEventListener('click', () => this.onOp(op.symbol));
      el.append(button);
      this.opButtons[op.symbol] = button;
    }
    el.addEventListener('keydown', (e) => {
      if (e.target !== el || e.altKey || e.ctrlKey || e.metaKey) return;
      const op = g.symbols.find((s) => s.toLowerCase() === e.key.toLowerCase());
      if (e.key.length === 1 && op) {
        e.preventDefault();
        this.onOp(op);
      } else if (e.key === 'Escape') {
        this.picker.clear();
      }
    });
  }
  pitch() { return parseFloat(getComputedStyle(this.el).getPropertyValue('--p')) || 50; }
  centreSymbol(state) {
    const s = state[this.g.centre[0]];
    return this.g.centre.every((i) => state[i] === s) ? s : '';
  }
  place(state) {
    for (let i = 0; i < this.g.n; i++) {
      this.tokens[i].className = 'tok s' + state[i];
      this.tokens[i].textContent = state[i];
    }
    this.state = state;
    const centre = this.centreSymbol(state);
    this.el.classList.toggle('uniform', !!centre);
    this.hub.innerHTML = centre ? '<span class="tok s' + centre + '">' + centre + '</span>' : '?';
    this.el.setAttribute('aria-label', 'Rotation Game board, cells 0 to ' + (this.g.n - 1) + ': ' + spaced(state) +
        '. Centre: ' + this.g.centre.map((i) => state[i]).join(' ') + (centre ? ', all ' + centre : ', not yet equal'));
  }
  stop() {
    for (const a of this.running) a.cancel();
    this.running = [];
    for (const ghost of this.ghosts) ghost.remove();
    this.ghosts = [];
    for (const band of this.bands.values()) band.classList.remove('on');
    for (const b of Object.values(this.opButtons)) b.classList.remove('active');
  }
  render(state) {
    this.gen++;
    this.picker.clear();
    this.stop();
    this.place(state);
  }
  // Plays op `symbol` (dir +1) or its undoing (dir -1), from -> to: the line lights up and its
  // symbols shift one cell, the one falling off one end coming back in at the other.
  async animate(from, to, symbol, dir, ms) {
    const gen = ++this.gen;
    this.picker.clear();
    this.stop();
    if (this.state !== from) this.place(from);
    const op = this.g.ops[symbol];
    const band = this.bands.get(op.line);
    const button = this.opButtons[dir > 0 ? symbol : (op.inverse || symbol)];
    band.classList.add('on');
    button.classList.add('active');
    if (ms > 0) {
      const l = dir > 0 ? op.cells : [...op.cells].reverse();
      const last = l.length - 1;
      const pos = this.g.pos;
      const P = this.pitch();
      const vec = (a, b) => [(pos[b][1] - pos[a][1]) * P, (pos[b][0] - pos[a][0]) * P];
      const opts = { duration: ms, easing: 'cubic-bezier(0.45, 0, 0.3, 1)', fill: 'forwards' };
      const moveBy = ([dx, dy]) => 'translate(' + dx + 'px, ' + dy + 'px)';
      for (let i = 1; i <= last; i++) {
        this.running.push(this.tokens[l[i]].animate(
            [{ transform: 'translate(0, 0)' }, { transform: moveBy(vec(l[i], l[i - 1])) }], opts));
      }
      this.running.push(this.tokens[l[0]].animate(
          [{ transform: 'translate(0, 0)', opacity: 1 }, { transform: moveBy(vec(l[1], l[0])), opacity: 0 }], opts));
      const ghost = this.tokens[l[0]].cloneNode(true);
      ghost.classList.add('ghost');
      ghost.style.left = 'calc(' + (pos[l[last]][1] + 1) + ' * var(--p))';
      ghost.style.top = 'calc(' + (pos[l[last]][0] + 1) + ' * var(--p))';
      this.el.append(ghost);
      this.ghosts.push(ghost);
      this.running.push(ghost.animate(
          [{ transform: moveBy(vec(l[last - 1], l[last])), opacity: 0 }, { transform: 'translate(0, 0)', opacity: 1 }], opts));
      await Promise.all(this.running.map((a) => a.finished)).catch(() => {});
      if (gen !== this.gen) return;
    }
    this.place(to);
    for (const a of this.running) a.cancel();
    this.running = [];
    for (const g of this.ghosts) g.remove();
    this.ghosts = [];
    await this.sleep(Math.min(120, ms / 3));
    if (gen !== this.gen) return;
    band.classList.remove('on');
    button.classList.remove('active');
  }
}

export function mount(panel, info, shared) {
  const { escapeHtml: esc, announce, reducedMotion } = shared;
  shared.addStyle('rotation-view-style', CSS);
  const g = geometry(info);
  const field = info.startField || 'board';
  const perSymbol = g.n / SYMBOLS.length;
  // `text` as the canonical board, or null when it is not one this can draw (the server is the
  // authority and explains why).
  const parse = (text) => {
    const t = String(text).trim();
    let cells = t.split(/\s+/);
    if (cells.length !== g.n) cells = t.replace(/\s+/g, '').split('');
    if (cells.length !== g.n || !cells.every((s) => SYMBOLS.includes(s))) return null;
    for (const s of SYMBOLS) if (cells.filter((x) => x === s).length !== perSymbol) return null;
    return cells.join('');
  };
  const opList = (dir, kind) => g.symbols.filter((s) => g.ops[s].dir === dir).map((s) => '<code>' + esc(s) + '</code>').join(', ') +
      ' push a ' + kind + ' ' + dir;
  const firstOp = g.symbols[0].toLowerCase(), lastOp = g.symbols[g.symbols.length - 1].toLowerCase();

  panel.innerHTML = `
<div class="layout">
  <div class="card">
    <h2>Board</h2>
    <form id="rotation-form" data-testid="rotation-form" novalidate>
      <div class="field">
        <label for="rotation-input">Cells 0\u2013${g.n - 1}</label>
        <textarea id="rotation-input" data-testid="rotation-input" name="${esc(field)}" data-field="${esc(field)}" rows="2"
                  autocomplete="off" spellcheck="false" aria-describedby="rotation-input-hint">${esc(EXAMPLES[0].start)}</textarea>
        <p class="hint" id="rotation-input-hint">${g.n} symbols in reading order of the <code>#</code>-shaped board,
          ${perSymbol} each of <code>1</code>, <code>2</code> and <code>3</code>; spaces optional.</p>
      </div>
      ${shared.errorBoxHtml(prefix)}
      ${shared.actionsHtml(prefix, 'Random ops applied to a board whose centre is all one symbol, made by the server')}
    </form>

    ${shared.examplesHtml(prefix, EXAMPLES, (e) => e.start.replace(/\s+/g, '').slice(0, 12) + '\u2026')}
    <p class="legend">Each op shifts one line of ${g.ops[g.symbols[0]].cells.length} cells by one step, wrapping around:
      ${opList('up', 'column')}, ${opList('down', 'column')}, ${opList('right', 'row')}, ${opList('left', 'row')}.
      The goal: the ${g.centre.length} cells around the middle all equal. Of all shortest op strings the oracle
      answers the alphabetically first.</p>
    <p class="legend">Edit the board: click two cells to swap them, press an op button, or focus the
      board and type <kbd>${esc(firstOp)}</kbd>\u2013<kbd>${esc(lastOp)}</kbd>.</p>
  </div>

  <div class="card" id="rotation-stage">
    <div class="stats">
      ${shared.statHtml(prefix, 'distance', 'Distance')}
      ${shared.statHtml(prefix, 'centre', 'Centre symbol')}
      ${shared.statHtml(prefix, 'time', 'Answered in')}
    </div>
    ${shared.bannerHtml(prefix, 'reached', { kind: 'ok', icon: shared.icons.check })}
    <div class="board-area">
      <div id="rotation-board" data-testid="rotation-board" tabindex="0" aria-describedby="rotation-board-help"></div>
      <p class="board-hint" id="rotation-board-help">The framed cells are the centre. Click two cells to swap them, press an op, or type <kbd>${esc(firstOp)}</kbd>\u2013<kbd>${esc(lastOp)}</kbd>.</p>
    </div>
  </div>
</div>`;

  const $ = (id) => panel.querySelector('#' + id);
  const input = $('rotation-input');
  const centreOut = $('rotation-centre');
  const session = new shared.SolveSession({
    panel, prefix, info, unit: 'op',
    onClear: () => {
      centreOut.textContent = '\u2013';
      centreOut.removeAttribute('data-centre');
    },
  });

  const board = new RotationBoard($('rotation-board'), g, shared, {
    onEdit: (state) => edited(state),
    // An op pressed by hand: the board becomes the op's result at once (input, data-board), and
    // the board plays the op.
    onOp: (symbol) => {
      const from = player.states.length ? player.current : parse(input.value);
      if (!from) return;
      const to = applyOp(from, g.ops[symbol].cells);
      edited(to, 'none');
      board.animate(from, to, symbol, 1, reducedMotion.matches ? 0 : 300);
    },
  });
  const player = new shared.Player({
    prefix,
    label: 'Rotation Game',
    board,
    baseMs: 560,
    movesLabel: 'Ops',
    describe: (s) => (g.ops[s] ? g.ops[s].words : s),
    onFinish: (state) => {
      const centre = board.centreSymbol(state);
      if (!centre) return;
      session.reached(player.n === 0
        ? 'No moves needed: the centre is already all ' + centre + 's.'
        : 'The centre is all ' + centre + 's after ' + player.n + (player.n === 1 ? ' op.' : ' ops.'));
    },
  });
  $('rotation-stage').append(player.el);
  player.bindKeys(panel);

  function setDrawable(ok) { board.el.classList.toggle('board-invalid', !ok); }

  function edited(state, mode) {
    input.value = spaced(state);
    session.edited();
    setDrawable(true);
    player.clear(state, mode);
  }

  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {  // Enter solves, as in single-line inputs
      e.preventDefault();
      $('rotation-form').requestSubmit();
    }
  });
  input.addEventListener('input', () => {
    session.edited();
    const state = parse(input.value);
    player.clear(state);
    setDrawable(!!state);
  });

  $('rotation-scramble').addEventListener('click', async () => {
    const state = await session.scramble({ goal: '', moves: 5 + shared.randInt(6) });
    if (state === null) return;
    edited(state);
    announce('Scrambled: board ' + state + '.');
  });

  shared.bindExamples(panel, prefix, (example) => {
    input.value = example.start;
    input.dispatchEvent(new Event('input'));
    solve();
  });

  async function solve() {
    const text = input.value.trim();
    const answer = await session.solve({ start: text }, () => player.clear(parse(text)));
    if (!answer) return;
    setDrawable(true);
    const r = answer.data;
    const c = shared.extra(r, 'centre');
    if (c !== undefined) {
      centreOut.innerHTML = '<span class="swatch s' + esc(c) + '" aria-hidden="true">' + esc(c) + '</span>';
      centreOut.append(c);
      centreOut.dataset.centre = c;
    }
    announce('Solved: distance ' + r.distance + ', ' + (answer.moves.length ? 'ops ' + r.moves : 'no moves needed') +
        (c !== undefined ? ', centre ' + c : '') + '.');
    player.playSolution(answer.boards, answer.moves);
  }
  $('rotation-form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });

  const state = parse(input.value);
  player.clear(state);
  setDrawable(!!state);
}

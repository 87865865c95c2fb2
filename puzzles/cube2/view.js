// The cubes' playground view (web/README.md has the contract), served as /views/<name>.js for the
// 2x2x2 and the 3x3x3 (//puzzles/cube3:cube3_view_js embeds this file too).
// Answers come in the metric the form selects (P-metric, from info.metrics) and, where the puzzle
// has several (info.modes: the 3x3x3's near_optimal and optimal), in the mode P-mode selects; an
// optimal solve streams the search's progress from :solveWatch, with a Cancel button, and a
// search that runs out of time shows the server's message (the bound it proved and the best
// solution known). It exports no `prefix`: the test-id prefix is the puzzle's name (P below,
// info.name).
//
// Why CSS 3D transforms and not cubing.js. The field's own 3D cube is cubing.js (npm `cubing`,
// its <twisty-player>). Measured for vendoring into the served assets: cubing@0.63.4 is a 1.2 MB
// tarball, 5.2 MB unpacked in 124 files (47 ES modules, 62 code-split chunks holding 3.8 MB,
// among them a 0.67 MB WASM solver blob; `npm view cubing dist.unpackedSize` prints nothing for
// this version, so the sizes are `npm pack`'s). It loads its renderer and puzzle definitions by
// dynamic import(), runs its solvers in a Web Worker, and imports three.js (^0.170, a separate
// package not counted above) by bare specifiers, which need a bundler or an import map. That is
// neither small nor self-contained: embedding it all in the server binary (web/README.md: the page
// requests nothing but its own origin) to draw 8 cubies is out of proportion. So this view draws
// the cube itself, with CSS 3D transforms and the Web Animations API, in this one file.
//
// Everything about the cube comes from the server's PuzzleInfo: the net (info.layout, rows x
// cols, -1 where there is no sticker), which sticker belongs to which face (info.defaultGoal),
// the colours (info.symbolColours), the moves and the stickers each one moves (info.moves[].
// cycles: the sticker at stickers[k] goes to stickers[k + 1], the last to the first). The 3D
// cube is the net folded up (each face's 2x2 block of the net, folded around its edges from the
// front face), so the sticker positions, the cubies and each move's layer, axis and angle are
// all derived from those. Playback replays the server's boards only: a turn rotates the moving
// layer's cubies (those holding a sticker of the move's cycles) by the move's angle, then the
// next board is drawn; nothing here applies a move to a board.
//
// Test ids, P the prefix: P-form, P-start (data-field start), P-goal (data-field goal),
// P-metric (a select of info.metrics, when there are several), P-mode (likewise info.modes; then
// also P-nodes, P-search-time, P-search and P-cancel, as panel.js describes), P-goal-default, P-error, P-scramble (random state), P-solve, P-example (data-start,
// data-goal), P-distance (data-distance), P-time, P-unsolvable, P-reached, P-board (data-board,
// data-step, data-total: the 24-letter board shown), inside it P-cube (the 3D cube; data-turning:
// the move being animated; its stickers carry data-sticker and data-colour) and P-net (the
// unfolded net and editor: P-sticker-0 ... P-sticker-23 (-53 on the 3x3x3), with data-sticker and data-colour),
// P-palette with P-colour-<symbol> (role radio, aria-checked; the paint colour), P-check
// (data-status idle | checking | valid | invalid: the server's verdict on the edited cube), and
// the player's (P-player, P-moves, P-first, P-back, P-play, P-forward, P-last, P-speed, ...).

// How the metric select names the metrics the server lists (info.metrics; others by their name).
const METRIC_NAMES = { htm: 'Half-turn metric (U2 is one move)', qtm: 'Quarter-turn metric (U2 is two moves)' };
// Likewise for the modes (info.modes).
const MODE_NAMES = {
  near_optimal: 'Near-optimal: at most 20 moves, in about a millisecond',
  optimal: 'Optimal: the fewest moves (the alphabetically first); may take minutes',
};

// The examples for a cube of `solved` (info.defaultGoal): a scramble, a start to another goal
// and the solved cube. The 2x2x2's second one is a sticker string; a larger cube's uses scrambles,
// which every cube reads.
const examplesFor = (solved) => [
  { start: "R U2 F' R2", goal: '', note: 'WCA scramble' },
  solved.length === 24
    ? { start: 'FLLBRDLBBUUFRUDRRULFFDDB', goal: 'ULULUURRRFFFDDDDBFLLBRBB', label: 'FLLBRDLBB\u2026', note: 'to another goal' }
    : { start: "F R U' L2 B D'", goal: 'R U', note: 'to another goal' },
  { start: solved, goal: '', label: solved.slice(0, 9) + '\u2026', note: 'solved: no moves' },
];

const CHECK_MS = 300;  // the pause after an edit before asking the server whether it is a cube

const STYLE = `
.c2-stage { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 10px 22px; }
.c2-scene {
  --s: 54px; width: calc(var(--s) * 4); height: calc(var(--s) * 4); perspective: 900px;
  display: flex; align-items: center; justify-content: center; flex: none; user-select: none;
}
.c2-cube { position: relative; width: 0; height: 0; transform-style: preserve-3d; transform: rotateX(-27deg) rotateY(-37deg); }
.c2-cubie { position: absolute; left: 0; top: 0; width: 0; height: 0; transform-style: preserve-3d; }
.c2-face {
  position: absolute; left: calc(var(--s) / -2); top: calc(var(--s) / -2); width: var(--s); height: var(--s);
  background: #16181d; backface-visibility: hidden; border-radius: 3px;
}
.c2-face .c2-st {
  position: absolute; inset: 3px; border-radius: 7px; background: var(--c, #777);
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.18), inset 0 -4px 8px rgba(0, 0, 0, 0.12);
}
.c2-net {
  --n: 27px; display: grid; grid-template-columns: repeat(var(--cols), var(--n)); grid-auto-rows: var(--n);
  gap: 3px; padding: 8px; border-radius: 12px; background: var(--board); flex: none;
}
.c2-net:focus-within { outline: 3px solid var(--accent-soft); }
.c2-cell {
  appearance: none; padding: 0; margin: 0; border: 1px solid rgba(0, 0, 0, 0.28); border-radius: 5px;
  background: var(--c, #777); cursor: pointer; position: relative;
}
.c2-cell:hover { box-shadow: 0 0 0 2px var(--card), 0 0 0 4px var(--accent); z-index: 1; }
.c2-cell:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; z-index: 2; }
.c2-cell.moving { box-shadow: 0 0 0 2px var(--card), 0 0 0 4px var(--accent); }
.c2-fade .c2-st, .c2-fade .c2-cell { transition: background-color 0.25s; }
.c2-board.board-invalid .c2-scene, .c2-board.board-invalid .c2-net { opacity: 0.5; }
.c2-paint { margin-top: 12px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; justify-content: center; }
.c2-paint h3 { margin: 0; }
.c2-palette { display: flex; gap: 6px; }
.c2-swatch {
  appearance: none; width: 34px; height: 34px; border-radius: 9px; cursor: pointer; padding: 0;
  background: var(--c); border: 2px solid var(--border); font: 700 0.8rem/1 var(--mono); color: transparent;
}
.c2-swatch[aria-checked="true"] { border-color: var(--accent); box-shadow: 0 0 0 3px var(--accent-soft); color: #000; text-shadow: 0 0 3px #fff; }
.c2-swatch:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.c2-check { flex-basis: 100%; text-align: center; margin: 0; font-size: 0.86rem; color: var(--muted); min-height: 1.3em; }
.c2-notation { overflow-wrap: anywhere; }  /* the 3x3x3's 54-letter solved string */
.c2-check[data-status="valid"] { color: var(--ok); }
.c2-check[data-status="invalid"] { color: var(--danger); }
@media (max-width: 560px) { .c2-scene { --s: 42px; } .c2-net { --n: 22px; } }
@media (prefers-reduced-motion: reduce) { .c2-fade .c2-st, .c2-fade .c2-cell { transition: none; } }
`;

// ------------------------------------------------------------------ geometry, from info
// Vectors in CSS's coordinates: x right, y down, z toward the viewer.
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const neg = (a) => a.map((x) => -x);
const add = (...vs) => vs.reduce((s, v) => s.map((x, i) => x + v[i]));
const mul = (a, k) => a.map((x) => x * k);
const near = (a, b) => a.every((x, i) => Math.abs(x - b[i]) < 1e-6);

// The cube as the server's net describes it: stickers (their face, name, net cell, 3D place and
// frame), cubies (the stickers each holds) and each move's turn (the cubies it moves, its axis
// and angle). Throws when the net is not a cube's.
function geometry(info) {
  const goal = info.defaultGoal;
  const n = goal.length;
  const { rows, cols, layout } = info;
  const stickers = Array.from({ length: n }, (_, i) => ({ i, face: goal[i] }));
  const faces = new Map();  // face letter -> {cells: [{r, c, i}]}
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = layout[r * cols + c];
      if (i < 0) continue;
      if (!(i < n) || stickers[i].cell) throw new Error('the net places sticker ' + i + ' twice or out of range');
      stickers[i].cell = { r, c };
      if (!faces.has(goal[i])) faces.set(goal[i], { letter: goal[i], cells: [] });
      faces.get(goal[i]).cells.push({ r, c, i });
    }
  }
  if (stickers.some((s) => !s.cell)) throw new Error('the net does not show every sticker');
  // Sticker names as the notation's: the face's letter, then 1.. in the board's order.
  const seen = {};
  for (const s of stickers) s.name = s.face + (seen[s.face] = (seen[s.face] || 0) + 1);
  // Each face is a k x k block of the net; blocks side by side in the net share an edge.
  const k = Math.round(Math.sqrt(n / faces.size));
  const blocks = new Map();
  for (const f of faces.values()) {
    f.br = Math.min(...f.cells.map((x) => x.r));
    f.bc = Math.min(...f.cells.map((x) => x.c));
    if (f.cells.length !== k * k || f.br % k || f.bc % k ||
        f.cells.some((x) => x.r - f.br >= k || x.c - f.bc >= k)) throw new Error('face ' + f.letter + ' is not a block of the net');
    f.br /= k;
    f.bc /= k;
    blocks.set(f.br + ',' + f.bc, f);
  }
  // Fold the net from the front face, seen from outside (right +x, down +y, outward +z): going
  // right, left, down or up in the net folds around that edge.
  const front = faces.get('F') || faces.values().next().value;
  front.frame = { r: [1, 0, 0], d: [0, 1, 0], n: [0, 0, 1] };
  const queue = [front];
  const folds = [
    [0, 1, ({ r, d, n: o }) => ({ r: neg(o), d, n: r })],
    [0, -1, ({ r, d, n: o }) => ({ r: o, d, n: neg(r) })],
    [1, 0, ({ r, d, n: o }) => ({ r, d: neg(o), n: d })],
    [-1, 0, ({ r, d, n: o }) => ({ r, d: o, n: neg(d) })],
  ];
  while (queue.length) {
    const f = queue.shift();
    for (const [dr, dc, fold] of folds) {
      const g = blocks.get((f.br + dr) + ',' + (f.bc + dc));
      if (g && !g.frame) {
        g.frame = fold(f.frame);
        queue.push(g);
      }
    }
  }
  const half = (k - 1) / 2;
  const cubies = new Map();
  for (const f of faces.values()) {
    if (!f.frame) throw new Error('face ' + f.letter + ' is not joined to the others in the net');
    const { r, d, n: o } = f.frame;
    for (const x of f.cells) {
      const s = stickers[x.i];
      s.frame = f.frame;
      s.pos = add(mul(o, k / 2), mul(r, x.c - f.bc * k - half), mul(d, x.r - f.br * k - half));
      const at = s.pos.map((p) => Math.min(k - 1, Math.max(0, Math.round(p + half))));
      const key = at.join(',');
      if (!cubies.has(key)) cubies.set(key, { at, centre: at.map((a) => a - half), stickers: [] });
      s.cubie = cubies.get(key);
      s.cubie.stickers.push(s);
    }
  }
  const turns = {};
  for (const m of info.moves) turns[m.symbol] = turnOf(m, stickers, k);
  return { n, k, rows, cols, layout, stickers, cubies: [...cubies.values()], faces: [...faces.keys()], turns };
}

// A move as a rotation of a layer: the cubies holding its cycles' stickers, the axis they turn
// about (outward from their layer) and the angle that takes each sticker of a cycle to the
// next one's place, tried as CSS's rotate3d would turn it (DOMMatrix.rotateAxisAngle). Null when
// the cycles are not one layer's rotation (then the board changes without a turn).
function turnOf(move, stickers, k) {
  const moving = new Set();
  for (const c of move.cycles || []) for (const i of c.stickers) if (stickers[i]) moving.add(i);
  const cubies = [...new Set([...moving].map((i) => stickers[i].cubie))];
  if (!cubies.length) return null;
  const a = [0, 1, 2].find((x) => cubies.every((c) => c.at[x] === cubies[0].at[x]));
  if (a === undefined || cubies[0].centre[a] === 0) return null;
  const axis = [0, 0, 0];
  axis[a] = Math.sign(cubies[0].centre[a]);
  const maps = (angle) => (move.cycles || []).every(({ stickers: l }) => l.every((s, j) => {
    const p = new DOMMatrix().rotateAxisAngle(axis[0], axis[1], axis[2], angle).transformPoint(
        new DOMPoint(...stickers[s].pos));
    return near([p.x, p.y, p.z], stickers[l[(j + 1) % l.length]].pos);
  }));
  const angle = [90, -90, 180].find(maps);
  if (angle === undefined) return null;
  return { cubies, axis, angle, stickers: [...moving] };
}

// A colour's everyday name, from its hue and lightness (for labels: "white", "red", ...).
function colourName(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || '');
  if (!m) return hex || 'no colour';
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2, c = max - min;
  if (c < 0.12) return l > 0.85 ? 'white' : l < 0.15 ? 'black' : 'grey';
  let h = max === r ? ((g - b) / c) % 6 : max === g ? (b - r) / c + 2 : (r - g) / c + 4;
  h = (h * 60 + 360) % 360;
  const names = [[12, 'red'], [40, 'orange'], [68, 'yellow'], [165, 'green'], [195, 'cyan'], [255, 'blue'], [290, 'purple'], [340, 'pink'], [361, 'red']];
  return names.find(([top]) => h < top)[1];
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The transform that puts a face (a square centred on its cubie's origin) at `centre` (in
// stickers, s the sticker's size), its right, down and outward along the frame's r, d and n.
const frameTransform = ({ r, d, n }, centre, s) =>
  'translate3d(' + centre.map((x) => 'calc(' + x + ' * ' + s + ')').join(', ') + ') matrix3d(' +
  [...r, 0, ...d, 0, ...n, 0, 0, 0, 0, 1].join(',') + ')';

// ------------------------------------------------------------------ the board
// The 3D cube and the net, one board for the Player: render(board) draws both, animate() turns a
// layer. The net is also the editor: onPaint(i) when sticker i is clicked (or Enter, Space or a
// colour's letter is pressed on it).
class CubeBoard {
  constructor(el, g, info, { prefix, colourOf, nameOf, onPaint, onPick }) {
    this.el = el;
    this.g = g;
    this.colourOf = colourOf;
    this.nameOf = nameOf;
    this.state = null;
    this.gen = 0;
    this.running = [];
    el.classList.add('c2-board');
    el.innerHTML = `<div class="c2-stage">
      <div class="c2-scene" aria-hidden="true"><div class="c2-cube" data-testid="${prefix}-cube"></div></div>
      <div class="c2-net" data-testid="${prefix}-net" role="group" data-own-keys style="--cols: ${g.cols}"></div></div>`;
    this.cube = el.querySelector('.c2-cube');
    this.net = el.querySelector('.c2-net');
    // 3D: every cubie a box of six faces about the cube's centre; a face with a sticker shows it.
    this.faces3d = [];
    for (const cubie of g.cubies) {
      const node = document.createElement('div');
      node.className = 'c2-cubie';
      cubie.node = node;
      const outward = new Map(cubie.stickers.map((s) => [s.frame.n.join(','), s]));
      for (const n of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]) {
        const s = outward.get(n.join(','));
        const face = document.createElement('div');
        face.className = 'c2-face';
        if (s) {
          face.style.transform = frameTransform(s.frame, s.pos, 'var(--s)');
          face.dataset.sticker = String(s.i);
          face.innerHTML = '<div class="c2-st"></div>';
          this.faces3d[s.i] = face;
        } else {
          const d = n[1] ? [0, 0, 1] : [0, 1, 0];
          face.style.transform = frameTransform({ r: cross(d, n), d, n }, add(cubie.centre, mul(n, 0.5)), 'var(--s)');
        }
        node.append(face);
      }
      this.cube.append(node);
    }
    // The net: one button a sticker, where info.layout puts it; arrows move between them.
    this.cells = [];
    for (let r = 0; r < g.rows; r++) {
      for (let c = 0; c < g.cols; c++) {
        const i = g.layout[r * g.cols + c];
        if (i < 0) continue;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'c2-cell';
        b.id = prefix + '-sticker-' + i;
        b.dataset.testid = prefix + '-sticker-' + i;
        b.dataset.sticker = String(i);
        b.tabIndex = -1;
        b.style.gridRow = String(r + 1);
        b.style.gridColumn = String(c + 1);
        b.addEventListener('click', () => { this.focusCell(i); onPaint(i); });
        this.net.append(b);
        this.cells[i] = b;
      }
    }
    this.focused = g.layout.find((i) => i >= 0);
    this.cells[this.focused].tabIndex = 0;
    const symbols = info.symbolColours.map((x) => x.symbol);
    this.net.addEventListener('focusin', (e) => {
      const cell = e.target.closest('[data-sticker]');
      if (cell) this.focusCell(Number(cell.dataset.sticker));
    });
    this.net.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
      const letter = symbols.find((s) => s.toLowerCase() === e.key.toLowerCase());
      if (step) this.focusCell(this.nextCell(this.focused, step));
      else if (e.key === 'Enter' || e.key === ' ') onPaint(this.focused);
      else if (letter) { onPick(letter); onPaint(this.focused); }
      else if (e.key === 'Home') this.focusCell(g.layout.find((i) => i >= 0));
      else if (e.key === 'End') this.focusCell([...g.layout].reverse().find((i) => i >= 0));
      else return;
      e.preventDefault();
    });
  }
  focusCell(i) {
    if (i === undefined || !this.cells[i]) return;
    this.cells[this.focused].tabIndex = -1;
    this.focused = i;
    this.cells[i].tabIndex = 0;
    if (this.net.contains(document.activeElement)) this.cells[i].focus();
  }
  // The sticker next to i in the net in direction [dr, dc]: the nearest one along that row or
  // column, else the nearest one on that side.
  nextCell(i, [dr, dc]) {
    const { rows, cols, layout } = this.g;
    const { r, c } = this.g.stickers[i].cell;
    for (let t = 1; t < Math.max(rows, cols); t++) {
      const rr = r + dr * t, cc = c + dc * t;
      if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) break;
      if (layout[rr * cols + cc] >= 0) return layout[rr * cols + cc];
    }
    let best, bestD = Infinity;
    for (const s of this.g.stickers) {
      const along = (s.cell.r - r) * dr + (s.cell.c - c) * dc;
      if (along <= 0) continue;
      const dist = along * 10 + Math.abs((s.cell.r - r) * dc) + Math.abs((s.cell.c - c) * dr);
      if (dist < bestD) { bestD = dist; best = s.i; }
    }
    return best;
  }
  stop() {
    for (const a of this.running) a.cancel();
    this.running = [];
    delete this.cube.dataset.turning;
    for (const b of this.cells) b.classList.remove('moving');
  }
  show(board, fade) {
    this.el.classList.toggle('c2-fade', !!fade);
    for (let i = 0; i < this.g.n; i++) {
      const s = board[i] || '';
      const colour = this.colourOf(s);
      this.faces3d[i].style.setProperty('--c', colour);
      this.faces3d[i].dataset.colour = s;
      const cell = this.cells[i];
      cell.style.setProperty('--c', colour);
      cell.dataset.colour = s;
      const label = this.g.stickers[i].name + ': ' + this.nameOf(s);
      cell.setAttribute('aria-label', label);
      cell.title = label;
    }
    this.state = board;
    const groups = this.g.faces.map((f) => f + ' ' + this.g.stickers.filter((s) => s.face === f).map((s) => board[s.i]).join(''));
    this.net.setAttribute('aria-label', 'Unfolded cube, stickers by face: ' + groups.join(', '));
  }
  render(board, animate) {
    this.gen++;
    this.stop();
    this.show(board, animate);
  }
  // Plays `move` (dir +1) or its undoing (dir -1) from `from` to `to`: the layer's cubies turn
  // about the move's axis, then `to` is drawn (so what is shown is always a server's board).
  async animate(from, to, move, dir, ms) {
    const gen = ++this.gen;
    this.stop();
    if (this.state !== from) this.show(from);
    const turn = this.g.turns[move];
    if (turn && ms > 0) {
      this.cube.dataset.turning = move;
      for (const i of turn.stickers) this.cells[i].classList.add('moving');
      const rot = (deg) => ({ transform: 'rotate3d(' + turn.axis.join(',') + ',' + deg + 'deg)' });
      const opts = { duration: ms, easing: 'cubic-bezier(0.45, 0, 0.3, 1)', fill: 'forwards' };
      for (const cubie of turn.cubies) this.running.push(cubie.node.animate([rot(0), rot(turn.angle * dir)], opts));
      await Promise.all(this.running.map((a) => a.finished)).catch(() => {});
      if (gen !== this.gen) return;
    }
    this.stop();
    this.show(to);
  }
}

// ------------------------------------------------------------------ the view
export function mount(panel, info, shared) {
  const { escapeHtml: esc, announce, icons } = shared;
  const prefix = info.name;
  shared.addStyle('cube2-view-style', STYLE);
  const g = geometry(info);
  const goalDefault = info.defaultGoal;
  const separator = info.moveSeparator || ' ';
  const colours = new Map((info.symbolColours || []).map((x) => [x.symbol, x.colour]));
  const symbols = [...colours.keys()];
  const colourOf = (s) => colours.get(s) || '#808080';
  const nameOf = (s) => (colours.has(s) ? colourName(colours.get(s)) + ' (' + s + ')' : 'unknown');
  const moveName = Object.fromEntries(info.moves.map((m) => [m.symbol, m.name]));
  const id = (part) => esc(prefix + '-' + part);
  const minDistance = info.minScrambleDistance || 0;
  const symbolRe = new RegExp('^[' + symbols.map((s) => s.replace(/[\]\\^-]/g, '\\$&')).join('') + ']{' + g.n + '}$');
  // A typed start the view can draw: a sticker string (a scramble is drawn once the server has
  // read it); null otherwise. The server is the authority on what is a cube.
  const parse = (text) => {
    const t = String(text).trim();
    return symbolRe.test(t) ? t : null;
  };
  const tokens = (moves) => String(moves || '').split(separator).filter(Boolean);
  const metrics = info.metrics || [];
  const EXAMPLES = examplesFor(info.defaultGoal || '');
  // A cube with centre stickers (an odd number a face) is read in its own orientation; one
  // without (the 2x2x2) is compared up to a rotation of the whole cube.
  const hasCentres = (g.n / 6) % 2 === 1;
  const metric = () => (metrics.length > 1 ? panel.querySelector('#' + CSS.escape(prefix + '-metric')).value : '');
  const modes = info.modes || [];
  const mode = () => (modes.length > 1 ? panel.querySelector('#' + CSS.escape(prefix + '-mode')).value : '');

  panel.innerHTML = `
<div class="layout">
  <div class="card">
    <h2>Cube</h2>
    <form id="${id('form')}" data-testid="${id('form')}" novalidate>
      <div class="field">
        <label for="${id('start')}">Start</label>
        <input type="text" id="${id('start')}" data-testid="${id('start')}" name="start" data-field="${esc(info.startField || 'start')}"
               value="${esc(goalDefault)}" autocomplete="off" spellcheck="false" aria-describedby="${id('start')}-hint">
        <p class="hint" id="${id('start')}-hint">${g.n} sticker letters (${esc(g.stickers[0].name)}\u2013${esc(g.stickers[g.n - 1].name)}),
          or a scramble such as <code>${esc(EXAMPLES[0].start)}</code>; or paint the net.</p>
      </div>
      <div class="field">
        <label for="${id('goal')}">Goal</label>
        <div class="input-row">
          <input type="text" id="${id('goal')}" data-testid="${id('goal')}" name="goal" data-field="goal" value="${esc(goalDefault)}"
                 autocomplete="off" spellcheck="false" aria-describedby="${id('goal')}-hint">
          <button type="button" class="btn small" id="${id('goal-default')}" data-testid="${id('goal-default')}"
                  title="Set the goal to the solved cube, ${esc(goalDefault)}">Default</button>
        </div>
        <p class="hint" id="${id('goal')}-hint">Empty means the solved cube. ${hasCentres ? 'The centres name the faces and stay put.' : 'Any orientation of the goal counts.'}</p>
      </div>
      ${metrics.length > 1 ? `<div class="field">
        <label for="${id('metric')}">Metric</label>
        <select id="${id('metric')}" data-testid="${id('metric')}" name="metric" data-field="metric">
          ${metrics.map((m) => `<option value="${esc(m)}">${esc(METRIC_NAMES[m] || m)}</option>`).join('')}
        </select>
      </div>` : ''}
      ${modes.length > 1 ? `<div class="field">
        <label for="${id('mode')}">Mode</label>
        <select id="${id('mode')}" data-testid="${id('mode')}" name="mode" data-field="mode">
          ${modes.map((m) => `<option value="${esc(m)}">${esc(MODE_NAMES[m] || m)}</option>`).join('')}
        </select>
      </div>` : ''}
      ${shared.errorBoxHtml(prefix)}
      ${shared.actionsHtml(prefix, 'A uniformly random cube (random state) at least ' + minDistance + ' moves from the goal, made by the server')}
    </form>
    ${shared.examplesHtml(prefix, EXAMPLES)}
    <p class="legend">Moves: ${info.moves.map((m) => '<code>' + esc(m.symbol) + '</code> ' + esc(m.name)).join(', ')}.
      ${esc(capitalised(info.moveMeaning || ''))}. ${info.nearOptimal
        ? 'Near-optimal answers come from a two-phase search: at most 20 moves, not proven the shortest.' +
          (modes.includes('optimal') ? ' Optimal answers are the fewest moves and, of those, the alphabetically first.' : '')
        : 'Of all shortest solutions the oracle answers the alphabetically first.'}</p>
    <p class="legend c2-notation">${esc(info.notation || '')}</p>
  </div>

  <div class="card" id="${id('stage')}">
    <div class="stats">
      ${shared.statHtml(prefix, 'distance', 'Distance')}
      ${shared.statHtml(prefix, 'time', 'Answered in')}
      ${modes.length > 1 ? shared.statHtml(prefix, 'nodes', 'Nodes searched') + shared.statHtml(prefix, 'search-time', 'Search time') : ''}
    </div>
    ${modes.length > 1 ? shared.searchHtml(prefix) : ''}
    ${shared.bannerHtml(prefix, 'unsolvable', { kind: 'warn', icon: icons.ban,
      bodyHtml: '<strong>Unsolvable</strong>No sequence of moves turns this start into this goal (the server answers distance \u22121).' })}
    ${shared.bannerHtml(prefix, 'reached', { kind: 'ok', icon: icons.check })}
    <div class="board-area">
      <div id="${id('board')}" data-testid="${id('board')}" role="group" aria-roledescription="cube"
           aria-label="${esc(info.title)}" aria-describedby="${id('board-help')}"></div>
      <p class="board-hint" id="${id('board-help')}">Left: the cube turning (U on top, F in front, R on the right).
        Right: every sticker in the unfolded net, where the start is painted.</p>
    </div>
    <div class="c2-paint">
      <h3 id="${id('palette-label')}">Paint</h3>
      <div class="c2-palette" id="${id('palette')}" data-testid="${id('palette')}" role="radiogroup"
           aria-labelledby="${id('palette-label')}" data-own-keys>
        ${symbols.map((s, i) => `<button type="button" class="c2-swatch" role="radio" id="${id('colour-' + s)}" data-testid="${id('colour-' + s)}"
          data-colour="${esc(s)}" aria-checked="${i === 0}" tabindex="${i === 0 ? 0 : -1}" style="--c: ${esc(colourOf(s))}"
          aria-label="${esc(nameOf(s))}" title="Paint ${esc(nameOf(s))}">${esc(s)}</button>`).join('')}
      </div>
      <p class="c2-check" id="${id('check')}" data-testid="${id('check')}" data-status="idle" aria-live="polite">
        Pick a colour, then click stickers of the net (or focus it: arrows move, Enter paints, a face's letter paints its colour).</p>
    </div>
  </div>
</div>`;

  const $ = (part) => panel.querySelector('#' + CSS.escape(prefix + '-' + part));
  const startInput = $('start');
  const goalInput = $('goal');
  const check = $('check');
  const swatches = [...$('palette').querySelectorAll('[role="radio"]')];
  let paint = symbols[0];
  let reachedBoard = null;  // the last board of the answer loaded: the goal as the server read it

  const session = new shared.SolveSession({
    panel, prefix, info,
    onClear: () => { reachedBoard = null; player.emptyText = 'Press Solve to see the moves.'; },
  });

  function pick(symbol, focus) {
    paint = symbol;
    for (const b of swatches) {
      const on = b.dataset.colour === symbol;
      b.setAttribute('aria-checked', String(on));
      b.tabIndex = on ? 0 : -1;
      if (on && focus) b.focus();
    }
  }
  for (const b of swatches) b.addEventListener('click', () => pick(b.dataset.colour));
  $('palette').addEventListener('keydown', (e) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!delta) return;
    e.preventDefault();
    pick(symbols[(symbols.indexOf(paint) + delta + symbols.length) % symbols.length], true);
  });

  const board = new CubeBoard($('board'), g, info, {
    prefix, colourOf, nameOf,
    onPaint: (i) => paintSticker(i),
    onPick: (symbol) => pick(symbol),
  });
  // The Player, its moves strip writing data-moves in the API's notation (moves joined by the
  // puzzle's separator).
  class CubePlayer extends shared.Player {
    buildStrip() {
      super.buildStrip();
      if (this.hasSolution && this.n) this.strip.dataset.moves = this.moves.join(separator);
    }
  }
  const player = new CubePlayer({
    prefix,
    label: info.title,
    board,
    baseMs: 420,
    describe: (m) => moveName[m] || m,
    zeroText: 'No moves needed: the start is the goal.',
    onFinish: (state) => {
      if (!reachedBoard || state !== reachedBoard) return;
      session.reached(player.n === 0 ? 'No moves needed: the start is the goal.'
        : 'Reached the goal in ' + player.n + (player.n === 1 ? ' move.' : ' moves.'));
    },
  });
  $('stage').append(player.el);
  player.bindKeys(panel);

  const setDrawable = (ok) => board.el.classList.toggle('board-invalid', !ok);
  const paintHint = check.textContent.trim().replace(/\s+/g, ' ');
  // The editor's status line: idle (the painting hint), checking, valid or invalid.
  function setCheck(status, text = paintHint) {
    check.dataset.status = status;
    check.textContent = text;
  }

  // After an edit, the server says (CHECK_MS later, through :solve) whether the start and goal
  // are cubes: its message goes to the error box as any error does. A typed scramble is drawn
  // from its answer. Any newer edit, solve or scramble drops the check.
  let checkVersion = 0;
  let checkTimer = 0;
  function cancelCheck() {
    checkVersion++;
    clearTimeout(checkTimer);
  }
  function scheduleCheck() {
    cancelCheck();
    const version = checkVersion;
    setCheck('checking', 'Checking with the server\u2026');
    checkTimer = setTimeout(async () => {
      const start = startInput.value.trim();
      const goal = goalInput.value.trim();
      const answer = await shared.solve(info.name, { start, goal, metric: metric() });
      if (version !== checkVersion) return;
      if (!answer.ok) {
        setCheck('invalid', 'Not a cube the server can solve: see the message above.');
        session.fail(answer.message);
        return;
      }
      const r = answer.data;
      if (!r.solvable) {
        setCheck('valid', 'A cube, but this start cannot reach this goal.');
        return;
      }
      setCheck('valid', 'A valid cube, ' + r.distance + (r.distance === 1 ? ' move' : ' moves') + ' from the goal. Press Solve to see them.');
      const first = Array.isArray(r.boards) ? r.boards[0] : null;
      if (first && !player.hasSolution && !parse(start)) {
        player.clear(first);
        setDrawable(true);
      }
    }, CHECK_MS);
  }

  // The board being edited: the one shown, else the solved cube.
  const shown = () => (player.states.length ? player.current : board.state || goalDefault);

  function paintSticker(i) {
    const base = shown();
    if (base[i] === paint) return;
    const next = base.slice(0, i) + paint + base.slice(i + 1);
    startInput.value = next;
    session.edited();
    setDrawable(true);
    player.clear(next, 'animate');
    announce(g.stickers[i].name + ' painted ' + nameOf(paint) + '.');
    scheduleCheck();
  }

  startInput.addEventListener('input', () => {
    session.edited();
    const state = parse(startInput.value);
    player.clear(state);
    setDrawable(!!state);
    scheduleCheck();
  });
  const goalChanged = () => {
    session.edited();
    if (player.hasSolution) player.clear(player.states[0]);
    scheduleCheck();
  };
  goalInput.addEventListener('input', goalChanged);
  $('goal-default').addEventListener('click', () => {
    goalInput.value = goalDefault;
    goalChanged();
  });

  $('scramble').addEventListener('click', async () => {
    cancelCheck();
    setCheck('idle');
    const state = await session.scramble({ goal: goalInput.value.trim(), moves: 0, randomState: true });
    if (state === null) return;
    startInput.value = state;
    session.edited();
    setDrawable(true);
    player.clear(state, 'animate');
    setCheck('valid', 'A random cube from the server, at least ' + minDistance + ' moves from the goal. Press Solve.');
    announce('Scrambled: a random cube, start ' + state + '.');
  });

  shared.bindExamples(panel, prefix, (example) => {
    startInput.value = example.start;
    goalInput.value = example.goal || goalDefault;
    solve();
  });

  async function solve() {
    cancelCheck();
    setCheck('idle');
    const start = startInput.value.trim();
    const goal = goalInput.value.trim();
    session.edited();
    const drawn = parse(start);
    player.clear(drawn);
    setDrawable(!!drawn);
    const t0 = performance.now();
    const query = { start, goal, metric: metric(), mode: mode() };
    // An optimal search streams its progress (and can be cancelled); the rest answer at once.
    const watched = query.mode === 'optimal';
    if (watched) session.showSearch('searching');
    const answer = await session.run(session.parts.solve, (signal) => (watched
      ? shared.solveWatch(info.name, query, { signal, onProgress: (p) => session.progress(p) })
      : shared.solve(info.name, query, { signal })));
    const elapsed = performance.now() - t0;
    if (!answer) return;
    if (!answer.ok) {
      if (watched) session.showSearch(answer.cancelled ? 'cancelled' : 'failed');
      if (answer.cancelled) {
        announce('Search cancelled.');
        return;
      }
      session.fail(answer.message);
      // A deadline that ends an optimal search leaves its bound and the best solution known in
      // the message (the 3x3x3's WithBestKnown, cube3_puzzle.cc: "...; the best solution known
      // is 19 moves, not proven optimal: MOVES"): the two-phase search's, which the near-optimal
      // mode answers to the same query. That answer (with its boards) is fetched and played, the
      // message staying above it.
      const best = watched && /; the best solution known is (\d+ moves[^:]*): ([^;"]+)$/.exec(answer.message);
      if (best) await playBestKnown({ ...query, mode: 'near_optimal' }, best[2], best[1]);
      return;
    }
    if (watched) session.showSearch('done');
    const r = answer.data;
    const moves = tokens(r.moves);
    const boards = Array.isArray(r.boards) ? r.boards : [];
    if (r.solvable) {
      const problem = solutionProblem(boards, moves);
      if (problem) return session.fail(problem);
    }
    session.show('time', shared.formatMs(elapsed));
    if (r.search) {
      session.show('nodes', Number(r.search.nodes).toLocaleString('en-US'), { nodes: String(r.search.nodes) });
      session.show('search-time', shared.formatMs(Number(r.search.milliseconds)), { milliseconds: String(r.search.milliseconds) });
    }
    session.show('distance', r.solvable ? String(r.distance) : '\u22121', { distance: String(r.distance) });
    if (!r.solvable) {
      session.parts.unsolvable.hidden = false;
      player.emptyText = 'No moves: unsolvable.';
      player.clear(drawn);
      announce('Unsolvable: this start cannot reach this goal.');
      return;
    }
    playChecked(boards, moves, 'Solved: distance ' + r.distance + ', ' + (moves.length ? 'moves ' + r.moves : 'no moves needed') + '.');
  }
  // What is wrong with a solution's boards and moves as the server sent them, or null.
  function solutionProblem(boards, moves) {
    if (boards.length !== moves.length + 1) {
      return `The server answered ${boards.length} boards for ${moves.length} moves; expected one more board than moves.`;
    }
    const unknown = moves.find((m) => !(m in moveName));
    return unknown === undefined ? null : `The server answered the move ${unknown}, which this puzzle does not have.`;
  }
  // Plays a solution that solutionProblem passed, to its last board, and announces `text`.
  function playChecked(boards, moves, text) {
    reachedBoard = boards[boards.length - 1];
    setDrawable(true);
    announce(text);
    player.playSolution(boards, moves);
  }
  // Plays the near-optimal answer to `query` when its moves are `expected` (the best solution a
  // stopped optimal search named; `what`: the message's words for it, e.g. "19 moves, not proven
  // optimal"); else the start stays drawn, and the message says it all.
  async function playBestKnown(query, expected, what) {
    const answer = await session.run(session.parts.solve, (signal) => shared.solve(info.name, query, { signal }));
    if (!answer || !answer.ok || answer.data.moves !== expected) return;
    const moves = tokens(answer.data.moves);
    const boards = Array.isArray(answer.data.boards) ? answer.data.boards : [];
    if (solutionProblem(boards, moves)) return;
    playChecked(boards, moves, 'The best solution known, ' + what + ': ' + expected + '.');
  }

  $('form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });

  const first = parse(startInput.value);
  player.clear(first);
  setDrawable(!!first);
}

// A sliding-grid board for any rows x cols sliding puzzle (the 8-puzzle; a 15-puzzle with tiles
// 1-9 and A-F): one tile per symbol, the blank drawn as an empty cell. Tiles slide by CSS
// transitions (web/style.css, .slide-board). Editing: click two cells to swap them, or focus the
// board and move the blank with the arrow keys; edits go to onEdit(newState), which decides
// what the board shows next.
//
// Only the grid's geometry (rows, cols, the blank symbol, from the server's PuzzleInfo) is used
// here, never a puzzle's rules: solutions are played from the server's boards (web/player.js).
//
// Example:
//   const board = new SlidingBoard(el, { rows: 3, cols: 3, blank: 'X', name: 'Start board',
//                                        onEdit: (state) => board.render(state, true) });
//   board.render('12345678X');

import { CellPicker, swapCells } from './panel.js';
import { reducedMotion, sleep } from './player.js';

// `text` as the canonical board (one symbol a cell, reading order), or null when it is not a
// board this can draw. For drawing only: the server is the authority on what is valid (and
// explains why not). Accepts one character a cell or whitespace-separated tokens; the blank may
// be written in lower case or as 0 (when 0 is not a tile), and tokens 10-35 stand for A-Z.
// The tile set is the default goal's, when the puzzle has one.
export function parseSliding(text, { rows, cols, blankSymbol, defaultGoal }) {
  const n = rows * cols;
  const blank = blankSymbol || 'X';
  const symbols = defaultGoal && defaultGoal.length === n ? new Set(defaultGoal) : null;
  const t = String(text).trim();
  let tokens = t.split(/\s+/);
  if (tokens.length !== n) tokens = t.replace(/\s+/g, '').split('');
  if (tokens.length !== n) return null;
  const cells = tokens.map((token) => {
    let s = token.toUpperCase();
    if (/^\d\d$/.test(s) && Number(s) >= 10 && Number(s) < 36) s = Number(s).toString(36).toUpperCase();
    if (s === blank.toUpperCase() || (s === '0' && !(symbols && symbols.has('0')))) return blank;
    return s;
  });
  if (cells.some((s) => s.length !== 1) || new Set(cells).size !== n || !cells.includes(blank)) return null;
  if (symbols && !cells.every((s) => symbols.has(s))) return null;
  return cells.join('');
}

// `state` with the blank moved by (dr, dc) on a rows x cols grid, or null off the grid.
export function moveBlank(state, dr, dc, { rows, cols, blank = 'X' }) {
  const i = state.indexOf(blank);
  const r = Math.floor(i / cols) + dr, c = (i % cols) + dc;
  if (i < 0 || r < 0 || r >= rows || c < 0 || c >= cols) return null;
  return swapCells(state, i, r * cols + c);
}

const ARROWS = { ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0] };

export class SlidingBoard {
  // el: an empty element (give it tabindex="0" and an aria-describedby help text).
  // options: rows, cols, blank ("X"), name (the board's accessible name, e.g. "Start board"),
  // mini (a small board), onEdit(state) (called with the edited board).
  constructor(el, { rows, cols, blank = 'X', name, mini = false, onEdit }) {
    this.el = el;
    this.rows = rows;
    this.cols = cols;
    this.blank = blank;
    this.name = name;
    this.onEdit = onEdit;
    this.state = null;
    this.goal = null;
    this.gen = 0;
    el.classList.add('slide-board');
    if (mini) el.classList.add('mini');
    el.style.setProperty('--rows', String(rows));
    el.style.setProperty('--cols', String(cols));
    for (let i = 0; i < rows * cols; i++) {
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.dataset.cell = String(i);
      this.setRC(cell, i);
      el.append(cell);
    }
    this.tiles = new Map();  // symbol -> tile, made as symbols first appear
    // Arrow keys edit the board (data-own-keys keeps the player's shortcuts away).
    this.picker = new CellPicker(el, { place: (marker, i) => this.setRC(marker, i), state: () => this.state, onEdit });
    el.addEventListener('keydown', (e) => this.onKey(e));
  }
  setRC(node, i) {
    node.style.setProperty('--r', String(Math.floor(i / this.cols)));
    node.style.setProperty('--c', String(i % this.cols));
  }
  tile(symbol, i) {
    let tile = this.tiles.get(symbol);
    if (!tile) {
      tile = document.createElement('div');
      tile.className = 'tile';
      tile.dataset.tile = symbol;
      tile.textContent = symbol;
      tile.setAttribute('aria-hidden', 'true');
      this.setRC(tile, i);  // placed before it is shown: it appears there, it does not slide in
      this.picker.marker.before(tile);
      this.tiles.set(symbol, tile);
    }
    return tile;
  }
  place(state, instant) {
    if (instant) this.el.classList.add('instant');
    const shown = new Set();
    for (let i = 0; i < state.length; i++) {
      const s = state[i];
      if (s === this.blank) continue;
      const tile = this.tile(s, i);
      this.setRC(tile, i);
      tile.hidden = false;
      tile.classList.toggle('home', !!this.goal && this.goal[i] === s);
      shown.add(s);
    }
    for (const [s, tile] of this.tiles) if (!shown.has(s)) tile.hidden = true;
    if (instant) {
      void this.el.offsetWidth;  // commit the jump before transitions come back
      this.el.classList.remove('instant');
    }
    this.state = state;
    this.el.classList.toggle('at-goal', !!this.goal && state === this.goal);
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      rows.push(state.slice(r * this.cols, (r + 1) * this.cols).split('')
        .map((s) => (s === this.blank ? 'blank' : s)).join(' '));
    }
    this.el.setAttribute('aria-label', this.name + ': ' + rows.join('; '));
  }
  // Shows `state`, at once unless `animate` (then tiles slide), cancelling any slide in progress.
  render(state, animate = false) {
    this.gen++;
    this.picker.clear();
    for (const tile of this.tiles.values()) tile.classList.remove('moving');
    this.el.style.setProperty('--slide', '220ms');
    this.place(state, !animate || reducedMotion.matches);
  }
  // Tiles standing where `goal` has them are marked "home"; the board is framed at the goal.
  setGoal(goal) {
    this.goal = goal;
    if (this.state) this.place(this.state, true);
  }
  // Slides from `from` to `to` (one move either way) in `ms` milliseconds.
  async animate(from, to, move, dir, ms) {
    const gen = ++this.gen;
    this.picker.clear();
    if (this.state !== from) this.place(from, true);
    const tile = this.tiles.get(from[to.indexOf(this.blank)]);
    this.el.style.setProperty('--slide', ms + 'ms');
    if (tile) tile.classList.add('moving');
    this.place(to, ms === 0);
    await sleep(ms + 15);
    if (gen === this.gen && tile) tile.classList.remove('moving');
  }
  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !this.state) return;
    if (e.key === 'Escape') { this.picker.clear(); return; }
    const step = ARROWS[e.key];
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const next = moveBlank(this.state, step[0], step[1], this);
    if (next) this.onEdit(next);
  }
}

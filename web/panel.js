// The parts every view's panel is made of (web/README.md): the HTML of its error box, buttons,
// examples, stats, banners and search status, the SolveSession that runs the view's requests
// and shows their answers there, and the CellPicker every board edits with. Views get all of
// this in `shared`; nothing here knows any puzzle.
//
// Every part has the id and the test id `<prefix>-<part>`, so that the session (and the browser
// test) finds it by its name: P-error, P-solve, P-scramble, P-distance, P-time, P-nodes,
// P-search-time, P-unsolvable, P-reached, P-search, P-cancel, P-example.
//
// Example (in a view's mount(panel, info, shared)):
//   panel.innerHTML = `<form>${shared.errorBoxHtml(prefix)}${shared.actionsHtml(prefix, 'Random')}</form>
//     ${shared.examplesHtml(prefix, EXAMPLES)}
//     <div class="stats">${shared.statHtml(prefix, 'distance', 'Distance')}</div>`;
//   const session = new shared.SolveSession({ panel, prefix, info });
//   const answer = await session.solve({ start }, () => player.clear(start));
//   if (answer && answer.data.solvable) player.playSolution(answer.boards, answer.moves);

import { announce, escapeHtml as esc, formatMs, hideError, icons, showError, solve, solveWatch, scramble } from './player.js';

const DASH = '\u2013';

// A stat: a label over an <output> (P-<part>) that shows an answer's value, '–' before one.
export function statHtml(prefix, part, label) {
  const id = esc(prefix + '-' + part);
  return `<div class="stat"><span class="stat-label" id="${id}-label">${esc(label)}</span>
    <output class="stat-value" id="${id}" data-testid="${id}" aria-labelledby="${id}-label">${DASH}</output></div>`;
}

// A hidden status banner (P-<part>): kind 'ok' or 'warn', an icon, and its text's element
// P-<part>-text holding `bodyHtml`.
export function bannerHtml(prefix, part, { kind, icon, bodyHtml = '' }) {
  const id = esc(prefix + '-' + part);
  return `<div id="${id}" class="banner ${esc(kind)}" data-testid="${id}" role="status" hidden>
    ${icon}<div id="${id}-text">${bodyHtml}</div></div>`;
}

// The form's error box (P-error), where showError puts the server's messages.
export function errorBoxHtml(prefix) {
  const id = esc(prefix + '-error');
  return `<div id="${id}" class="error" data-testid="${id}" role="alert" hidden></div>`;
}

// The form's buttons: Scramble (P-scramble, titled `scrambleTitle`) and the submit button Solve
// (P-solve).
export function actionsHtml(prefix, scrambleTitle) {
  const id = (part) => esc(prefix + '-' + part);
  return `<div class="actions">
    <button type="button" class="btn" id="${id('scramble')}" data-testid="${id('scramble')}"
            title="${esc(scrambleTitle)}">${icons.scramble}Scramble</button>
    <button type="submit" class="btn primary" id="${id('solve')}" data-testid="${id('solve')}">${icons.play}Solve</button>
  </div>`;
}

// The examples: a heading and one button (P-example) per {start, goal?, label?, note}, with
// data-start and, when the example has a goal, data-goal. `shown(example)` is the text of its
// <code> (default: its label, else its start).
export function examplesHtml(prefix, examples, shown = (e) => e.label || e.start) {
  const id = esc(prefix + '-example');
  const item = (e) => `<li><button type="button" class="example" data-testid="${id}" data-start="${esc(e.start)}"` +
      ('goal' in e ? ` data-goal="${esc(e.goal)}"` : '') + `><code>${esc(shown(e))}</code><span>${esc(e.note)}</span></button></li>`;
  return `<h3 id="${id}s-label">Examples</h3>
    <ul class="examples" aria-labelledby="${id}s-label">${examples.map(item).join('')}</ul>`;
}

// Calls pick({start, goal}) (the button's data-start and data-goal) when an example is clicked.
export function bindExamples(panel, prefix, pick) {
  for (const button of panel.querySelectorAll(`[data-testid="${CSS.escape(prefix + '-example')}"]`)) {
    button.addEventListener('click', () => pick({ start: button.dataset.start, goal: button.dataset.goal }));
  }
}

// The live status of a search (P-search), hidden until one starts, with its Cancel button
// (P-cancel). SolveSession fills it in: data-status searching | done | cancelled | failed, and
// the newest progress as data-bound, data-nodes and data-milliseconds.
export function searchHtml(prefix) {
  const id = (part) => esc(prefix + '-' + part);
  return `<div id="${id('search')}" class="search" data-testid="${id('search')}" data-status="idle" role="group"
      aria-labelledby="${id('search-title')}" hidden>
    <span class="spinner" aria-hidden="true"></span>
    <div class="search-text"><strong id="${id('search-title')}">Searching\u2026</strong>
      <span id="${id('search-detail')}" class="search-detail"></span></div>
    <button type="button" class="btn small" id="${id('cancel')}" data-testid="${id('cancel')}"
            title="Stop the search (the server stops too)">${icons.ban}Cancel</button>
  </div>`;
}

// `board` (one symbol a cell) with cells i and j swapped.
export function swapCells(board, i, j) {
  const a = board.split('');
  [a[i], a[j]] = [a[j], a[i]];
  return a.join('');
}

// What every board element shares: its role ("board", a group with a tab stop, marked
// data-own-keys so that the player's shortcuts leave its keys alone) and editing by clicking two
// cells to swap them. `el`'s cells carry data-cell (their index). The first click picks a cell
// and shows the marker (`marker`, a div.sel appended to `el`) there, placed by place(marker, i);
// a click on another cell holding another symbol calls onEdit(the board with the two swapped).
// state() is the board shown, or null (nothing to edit).
export class CellPicker {
  constructor(el, { place, state, onEdit }) {
    el.setAttribute('role', 'group');
    el.setAttribute('aria-roledescription', 'board');
    el.dataset.ownKeys = '';
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    this.place = place;
    this.state = state;
    this.onEdit = onEdit;
    this.picked = -1;
    this.marker = document.createElement('div');
    this.marker.className = 'sel';
    this.marker.hidden = true;
    el.append(this.marker);
    el.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-cell]');
      if (cell) this.pick(Number(cell.dataset.cell));
    });
  }
  // Forgets the picked cell.
  clear() {
    this.picked = -1;
    this.marker.hidden = true;
  }
  pick(i) {
    const state = this.state();
    if (!state) return;
    if (this.picked < 0) {
      this.picked = i;
      this.place(this.marker, i);
      this.marker.hidden = false;
      return;
    }
    const j = this.picked;
    this.clear();
    if (j !== i && state[i] !== state[j]) this.onEdit(swapCells(state, i, j));
  }
}

const formatCount = (n) => Number(n).toLocaleString('en');
// A search's progress as one line: "bound 52, 1,234,567 nodes, 1.2 s".
const formatSearch = ({ bound, nodes, milliseconds }) =>
  'bound ' + bound + ', ' + formatCount(nodes) + ' nodes, ' + (Number(milliseconds) / 1000).toFixed(1) + ' s';

// How many requests keep each button busy (disabled, aria-busy): a request that ends while a
// newer one runs on the same button leaves it busy.
const busyCount = new WeakMap();
function setBusy(button, delta) {
  if (!button) return;
  const n = (busyCount.get(button) || 0) + delta;
  busyCount.set(button, n);
  button.disabled = n > 0;
  if (n > 0) button.setAttribute('aria-busy', 'true'); else button.removeAttribute('aria-busy');
}

// A view's request/answer cycle. It owns request ordering (answers to requests older than the
// last edit are dropped, and a request still running is aborted), the busy buttons, the error
// box and the fields it marks, the standard stats and banners above, and, for a puzzle that
// searches (info.searches), the streamed progress and its Cancel button. The view keeps its
// board, its player and whatever else it shows of an answer (onClear resets that).
//
// Found in `panel` by test id (only P-error is required): P-error, P-solve, P-scramble,
// P-distance, P-time, P-nodes, P-search-time, P-unsolvable, P-reached, P-search, P-cancel; the
// fields are the panel's [data-field] inputs.
export class SolveSession {
  // info: the puzzle's PuzzleInfo (name; moves, which answers must use; searches).
  // onClear(): called whenever the answer shown goes away.
  // unit: how messages name one move ('move', 'op').
  constructor({ panel, prefix, info, onClear, unit = 'move' }) {
    this.info = info;
    this.onClear = onClear;
    this.unit = unit;
    this.symbols = new Set((info.moves || []).map((m) => m.symbol));
    const part = (name) => panel.querySelector(`[data-testid="${CSS.escape(prefix + '-' + name)}"]`);
    this.parts = Object.fromEntries(['error', 'solve', 'scramble', 'distance', 'time', 'nodes', 'search-time',
      'unsolvable', 'reached', 'search', 'cancel'].map((name) => [name, part(name)]));
    this.fields = [...panel.querySelectorAll('[data-field]')];
    this.version = 0;        // bumped by every clear: answers to older requests are dropped
    this.controller = null;  // aborts the request running, if any
    this.searchDetail = panel.querySelector(`#${CSS.escape(prefix + '-search-detail')}`);
    this.searchTitle = panel.querySelector(`#${CSS.escape(prefix + '-search-title')}`);
    if (this.parts.cancel) this.parts.cancel.addEventListener('click', () => this.cancel());
  }

  // Whether a request is running.
  get pending() { return this.controller !== null; }

  // The answer shown goes away (the boards changed): stats and banners reset, a request still
  // running is aborted and its answer dropped, then onClear().
  clear() {
    this.version++;
    this.abort();
    for (const name of ['distance', 'time', 'nodes', 'search-time']) {
      const out = this.parts[name];
      if (!out) continue;
      out.textContent = DASH;
      for (const key of Object.keys(out.dataset)) if (key !== 'testid') delete out.dataset[key];
    }
    for (const name of ['unsolvable', 'reached', 'search']) if (this.parts[name]) this.parts[name].hidden = true;
    if (this.onClear) this.onClear();
  }

  // An edit: the error goes too.
  edited() {
    hideError(this.parts.error, this.fields);
    this.clear();
  }

  // Shows `message` (the server's, verbatim) in the error box, marking the field it names.
  fail(message) {
    showError(this.parts.error, message, this.fields);
    announce('Error: ' + message);
  }

  // Shows `text` in the P-reached banner and announces it.
  reached(text) {
    const banner = this.parts.reached;
    if (!banner) return;
    banner.querySelector('[id$="-text"]').textContent = text;
    banner.hidden = false;
    announce(text);
  }

  // Stops the search running, if any; its solve() shows it was cancelled.
  cancel() {
    if (this.controller) this.controller.abort();
  }

  abort() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  // Runs send(signal) with `button` busy. Resolves to its answer, or null when the answer is
  // dropped (an edit came meanwhile).
  async run(button, send) {
    this.abort();
    const version = this.version;
    const controller = new AbortController();
    this.controller = controller;
    setBusy(button, +1);
    try {
      return await send(controller.signal).then((answer) => (version === this.version ? answer : null));
    } finally {
      setBusy(button, -1);
      if (this.controller === controller) this.controller = null;
    }
  }

  // POST :scramble with `query` ({goal, moves}). Resolves to the board, or null (the error is
  // shown, or an edit came meanwhile). The answer shown stays until the view shows the board; a
  // search still running stops (P-search says it was cancelled).
  async scramble(query) {
    hideError(this.parts.error, this.fields);
    this.version++;
    if (this.parts.search && this.parts.search.dataset.status === 'searching') this.showSearch('cancelled');
    const answer = await this.run(this.parts.scramble, () => scramble(this.info.name, query));
    if (!answer) return null;
    if (!answer.ok) {
      this.fail(answer.message);
      return null;
    }
    return answer.data.board;
  }

  // Solves `query` ({start, goal?}): clears the answer shown, calls onStart(), then asks the
  // server (streaming the search's progress when the puzzle searches). Resolves to {data,
  // moves, boards, elapsed} once the stats show the answer (and P-unsolvable, if it is), or to
  // null: an error (shown), a cancelled search (P-search says so) or an edit meanwhile.
  // A solvable answer's boards are one more than its moves, and its moves are the puzzle's.
  async solve(query, onStart) {
    this.edited();
    if (onStart) onStart();
    const searching = !!this.info.searches;
    if (searching) this.showSearch('searching');
    const t0 = performance.now();
    const answer = await this.run(this.parts.solve, (signal) => (searching
      ? solveWatch(this.info.name, query, { signal, onProgress: (p) => this.progress(p) })
      : solve(this.info.name, query, { signal })));
    const elapsed = performance.now() - t0;
    if (!answer) return null;
    if (!answer.ok) {
      if (answer.cancelled) {
        this.showSearch('cancelled');
        announce('Search cancelled.');
      } else {
        this.showSearch('failed');
        this.fail(answer.message);
      }
      return null;
    }
    this.showSearch('done');
    const r = answer.data;
    const moves = String(r.moves || '').split('').filter(Boolean);
    const boards = Array.isArray(r.boards) ? r.boards : [];
    if (r.solvable) {
      const unit = this.unit;
      if (boards.length !== moves.length + 1) {
        this.fail(`The server answered ${boards.length} boards for ${moves.length} ${unit}s; expected one more board than ${unit}s.`);
        return null;
      }
      const unknown = moves.find((m) => !this.symbols.has(m));
      if (unknown !== undefined) {
        this.fail(`The server answered the ${unit} ${unknown}, which this puzzle does not have.`);
        return null;
      }
    }
    this.show('time', formatMs(elapsed));
    this.show('distance', r.solvable ? String(r.distance) : '\u22121', { distance: String(r.distance) });
    if (r.search) {
      this.show('nodes', formatCount(r.search.nodes), { nodes: String(r.search.nodes) });
      this.show('search-time', formatMs(Number(r.search.milliseconds)), { milliseconds: String(r.search.milliseconds) });
    }
    if (!r.solvable && this.parts.unsolvable) this.parts.unsolvable.hidden = false;
    return { data: r, moves, boards, elapsed };
  }

  show(name, text, data = {}) {
    const out = this.parts[name];
    if (!out) return;
    out.textContent = text;
    Object.assign(out.dataset, data);
  }

  // The search box: 'searching' (shown, progress cleared), 'done' or 'failed' (hidden), or
  // 'cancelled' (shown, with the last progress). Its data-bound, data-nodes and
  // data-milliseconds keep the newest progress until the next search.
  showSearch(status) {
    const box = this.parts.search;
    if (!box) return;
    box.dataset.status = status;
    if (status === 'searching') {
      for (const key of ['bound', 'nodes', 'milliseconds']) delete box.dataset[key];
      this.searchTitle.textContent = 'Searching\u2026';
      this.searchDetail.textContent = 'waiting for the first progress report';
      announce('Searching\u2026');
    } else if (status === 'cancelled') {
      this.searchTitle.textContent = 'Cancelled';
      this.searchDetail.textContent = 'bound' in box.dataset ? 'after ' + formatSearch(box.dataset) : 'before any progress report';
    }
    box.hidden = status !== 'searching' && status !== 'cancelled';
    if (this.parts.cancel) this.parts.cancel.hidden = status !== 'searching';
  }

  // A progress event of the running search: {bound, nodes, milliseconds}.
  progress(p) {
    const box = this.parts.search;
    if (!box || box.dataset.status !== 'searching') return;
    Object.assign(box.dataset, { bound: String(p.bound), nodes: String(p.nodes), milliseconds: String(p.milliseconds) });
    this.searchDetail.textContent = formatSearch(p);
  }
}

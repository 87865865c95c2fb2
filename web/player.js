// The playground's shared helpers and its Player (web/README.md). Views get all of this as the
// `shared` argument of their mount(); nothing here knows any puzzle.
//
//   postJson, solve, scramble   requests to the server's v2 API; errors carry the server's own
//                               message
//   solveWatch                  a solve that streams the search's progress (Server-Sent Events)
//   showError, hideError        an inline error box, and aria-invalid on the field it names
//   announce                    the page's polite live region
//   Player                      the moves strip and the playback controls over a board
//
// Example (in a view's mount(panel, info, shared)):
//   const player = new shared.Player({ prefix, label: info.title, board, baseMs: 380 });
//   stage.append(player.el);
//   player.bindKeys(panel);
//   const answer = await shared.solve(info.name, { start, goal });
//   if (answer.ok) player.load(answer.data.boards, answer.data.moves.split(''));

export const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const randInt = (n) => Math.floor(Math.random() * n);

const svg = (body, attrs = 'fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"') =>
  '<svg viewBox="0 0 24 24" ' + attrs + ' aria-hidden="true">' + body + '</svg>';

// Inline SVG icons (no files, no fonts).
export const icons = Object.freeze({
  play: svg('<path d="M8 5v14l11-7z"/>', 'fill="currentColor"'),
  pause: svg('<path d="M7 5h4v14H7zM13 5h4v14h-4z"/>', 'fill="currentColor"'),
  replay: svg('<path d="M4 12a8 8 0 1 0 2.4-5.7M4 4v4.5h4.5"/>'),
  first: svg('<path d="M6 6v12M17 6l-6 6 6 6"/>'),
  back: svg('<path d="M15 6l-6 6 6 6"/>'),
  forward: svg('<path d="M9 6l6 6-6 6"/>'),
  last: svg('<path d="M18 6v12M7 6l6 6-6 6"/>'),
  scramble: svg('<path d="M3 7h3c4 0 6 10 10 10h5M3 17h3c1.6 0 2.9-1.6 4-3.5M14 9.5C15.1 8.1 16.3 7 18 7h3M18 4l3 3-3 3M18 14l3 3-3 3"/>',
                'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'),
  check: svg('<path d="m5 12.5 4.5 4.5L19 7.5"/>'),
  ban: svg('<circle cx="12" cy="12" r="9"/><path d="M6 18 18 6"/>',
           'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"'),
});

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// `text` made safe for HTML text and attribute values.
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Adds a <style> to the document once per id (a view's own styles).
export function addStyle(id, css) {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}

// Says `text` through the page's polite live region (#announce).
export function announce(text) {
  const el = document.getElementById('announce');
  if (el) el.textContent = text;
}

export function formatMs(ms) {
  return ms < 10 ? ms.toFixed(1) + ' ms' : Math.round(ms) + ' ms';
}

// A random uint64 as a decimal string (the API's seeds are uint64; JSON numbers lose bits).
export function randomSeed() {
  return crypto.getRandomValues(new BigUint64Array(1))[0].toString();
}

// What a request resolves to when it did not get an answer: fetch failed or was aborted.
function unreachable(error) {
  if (error && error.name === 'AbortError') return { ok: false, status: 0, cancelled: true, message: 'Cancelled.' };
  return { ok: false, status: 0, message: 'Could not reach the server (' + (error && error.message) + ').' };
}

// A JSON response as {ok: true, status, data} or {ok: false, status, message}; the message is
// the server's own (its JSON error body) whenever there is one.
async function readJson(response) {
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const message = (data && typeof data.message === 'string' && data.message) ||
        text.trim() || ('HTTP ' + response.status + ' ' + response.statusText);
    return { ok: false, status: response.status, message };
  }
  if (!data) return { ok: false, status: response.status, message: 'The server answered something that is not JSON.' };
  return { ok: true, status: response.status, data };
}

const postInit = (body, signal, accept = 'application/json') => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: accept },
  body: JSON.stringify(body),
  signal,
});

// POSTs JSON to the server. Resolves to {ok: true, status, data} or {ok: false, status,
// message} with the server's own message; never rejects. Aborting `signal` resolves to
// {ok: false, status: 0, cancelled: true, message: 'Cancelled.'}.
export async function postJson(path, body, { signal } = {}) {
  try {
    return await readJson(await fetch(path, postInit(body, signal)));
  } catch (e) {
    return unreachable(e);
  }
}

const puzzlePath = (puzzle, verb) => '/v2/puzzles/' + encodeURIComponent(puzzle) + ':' + verb;

function solveBody({ start, goal, metric, mode }) {
  const body = { start, includeBoards: true };
  if (goal !== undefined) body.goal = goal;
  if (metric) body.metric = metric;  // one of info.metrics; left out for the default
  if (mode) body.mode = mode;        // one of info.modes; likewise
  return body;
}

// POST /v2/puzzles/<puzzle>:solve with includeBoards. `goal` is left out when undefined, `metric`
// and `mode` when empty.
// data: {solvable, distance, moves, extras: [{name, value}], search?, boards: [start, ...]}.
export function solve(puzzle, query, { signal } = {}) {
  return postJson(puzzlePath(puzzle, 'solve'), solveBody(query), { signal });
}

// The Server-Sent Events of a response body, as {type, data} (data lines joined by newlines),
// in order. Comments and events without data are skipped.
async function* readEvents(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        const data = [];
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') type = text;
          else if (field === 'data') data.push(text);
        }
        if (data.length) yield { type, data: data.join('\n') };
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

// POST /v2/puzzles/<puzzle>:solveWatch with includeBoards: the solve of solve(), streamed. While
// the server searches, onProgress({bound, nodes, milliseconds}) is called about every 100 ms;
// then it resolves as solve() does, to {ok: true, data} (the answer, with `search: {nodes,
// milliseconds}`) or {ok: false, status, message} (a board the server cannot read is a plain
// 400; a search that fails says so in an error event, whose gRPC code comes as `code`).
// Aborting `signal` closes the request, which cancels the search on the server, and resolves to
// {ok: false, status: 0, cancelled: true, message: 'Cancelled.'}.
export async function solveWatch(puzzle, query, { onProgress, signal } = {}) {
  let response;
  try {
    response = await fetch(puzzlePath(puzzle, 'solveWatch'), postInit(solveBody(query), signal, 'text/event-stream'));
    if (!response.ok || !/^text\/event-stream/.test(response.headers.get('Content-Type') || '')) {
      return await readJson(response);
    }
    for await (const event of readEvents(response.body)) {
      let data;
      try { data = JSON.parse(event.data); } catch (_) {
        return { ok: false, status: response.status, message: 'The server sent a "' + event.type + '" event that is not JSON.' };
      }
      if (event.type === 'progress') {
        if (onProgress) onProgress(data);
      } else if (event.type === 'answer') {
        return { ok: true, status: response.status, data };
      } else if (event.type === 'error') {
        return { ok: false, status: response.status, code: data.code, message: String(data.message || 'The search failed.') };
      }
    }
  } catch (e) {
    return unreachable(e);
  }
  return { ok: false, status: response.status, message: 'The server ended the stream without an answer.' };
}

// POST /v2/puzzles/<puzzle>:scramble with a random seed: data is {board}. An empty goal is the
// puzzle's default. With randomState (for puzzles whose server makes one), it asks for a
// uniformly random position instead of random moves (randomState: true, moves: 0); data is then
// {board, solution: {distance, moves}}.
export function scramble(puzzle, { goal = '', moves, randomState = false }) {
  const body = randomState ? { goal, moves: 0, seed: randomSeed(), randomState: true } : { goal, moves, seed: randomSeed() };
  return postJson(puzzlePath(puzzle, 'scramble'), body);
}

// The value of the answer's extra `name` (a string: int64s are strings in JSON), or undefined.
export function extra(answer, name) {
  const found = (answer.extras || []).find((e) => e.name === name);
  return found ? String(found.value) : undefined;
}

function describedBy(input, boxId, add) {
  const ids = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter((id) => id && id !== boxId);
  if (add) ids.push(boxId);
  input.setAttribute('aria-describedby', ids.join(' '));
}

// Shows `message` in the error box `box`, and marks the one of `inputs` that the server's
// message names as invalid: messages start with the field ("start: ...", "goal: ...",
// "board: ..."), inputs carry the field's name in data-field.
export function showError(box, message, inputs) {
  box.textContent = message;
  box.hidden = false;
  for (const input of inputs) {
    const named = message.startsWith(input.dataset.field + ':');
    input.setAttribute('aria-invalid', named ? 'true' : 'false');
    describedBy(input, box.id, named);
  }
}

export function hideError(box, inputs) {
  box.hidden = true;
  box.textContent = '';
  for (const input of inputs) {
    input.removeAttribute('aria-invalid');
    describedBy(input, box.id, false);
  }
}

// Player: plays a solution over a board component. The states are the server's boards
// (boards[k] is the board after k moves); nothing is replayed client-side.
//
// The board component needs:
//   el                                   its element; the Player writes data-board, data-step
//                                        and data-total there
//   render(state, animate)               show `state` (at once unless `animate`)
//   animate(from, to, move, dir, ms)     play one move (dir +1) or its undoing (dir -1);
//                                        resolves when done
//
// Its element `el` (append it where it belongs) has the test ids <prefix>-player (data-status:
// empty | ready | playing | paused | done, data-step, data-total), <prefix>-moves (data-moves),
// <prefix>-progress, <prefix>-first/-back/-play/-forward/-last and <prefix>-speed.
export class Player {
  // options: prefix (the view's test-id prefix), label (e.g. "8-puzzle", for the controls' name),
  // board, baseMs (one move at 1x), describe(move) -> words, onFinish(state) (at the end),
  // movesLabel ("Moves"), emptyText, zeroText (the strip's text with no solution / no moves).
  constructor({ prefix, label, board, baseMs, describe, onFinish, movesLabel = 'Moves',
                emptyText = 'Press Solve to see the moves.', zeroText = 'No moves needed.' }) {
    this.view = board;
    this.baseMs = baseMs;
    this.describe = describe || ((m) => m);
    this.onFinish = onFinish;
    this.emptyText = emptyText;
    this.zeroText = zeroText;
    const id = (part) => escapeHtml(prefix + '-' + part);
    const button = (part, label, title, icon) =>
      '<button type="button" class="btn" id="' + id(part) + '" data-testid="' + id(part) + '" aria-label="' +
      escapeHtml(label) + '" title="' + escapeHtml(title) + '">' + icon + '</button>';
    this.el = document.createElement('div');
    this.el.className = 'moves-box';
    this.el.id = prefix + '-player';
    this.el.dataset.testid = prefix + '-player';
    this.el.dataset.status = 'empty';
    this.el.innerHTML =
      '<div class="moves-head"><h3 id="' + id('moves-label') + '">' + escapeHtml(movesLabel) + '</h3>' +
      '<span class="progress" id="' + id('progress') + '" data-testid="' + id('progress') + '"></span></div>' +
      '<ol class="moves" id="' + id('moves') + '" data-testid="' + id('moves') + '" aria-labelledby="' + id('moves-label') + '"></ol>' +
      '<div class="controls" role="group" aria-label="' + escapeHtml(label + ' playback') + '">' +
      button('first', 'Back to the start', 'Back to the start (Home)', icons.first) +
      button('back', 'Step back', 'Step back (\u2190)', icons.back) +
      '<button type="button" class="btn primary play" id="' + id('play') + '" data-testid="' + id('play') + '" title="Play or pause (Space)"></button>' +
      button('forward', 'Step forward', 'Step forward (\u2192)', icons.forward) +
      button('last', 'Jump to the end', 'Jump to the end (End)', icons.last) +
      '<div class="speed"><label for="' + id('speed') + '">Speed</label>' +
      '<input type="range" id="' + id('speed') + '" data-testid="' + id('speed') + '" min="0" max="' + (SPEEDS.length - 1) + '" step="1" value="2">' +
      '<output id="' + id('speed-value') + '" for="' + id('speed') + '">1\u00d7</output></div></div>';
    const part = (name) => this.el.querySelector('#' + CSS.escape(prefix + '-' + name));
    this.strip = part('moves');
    this.progress = part('progress');
    this.buttons = { first: part('first'), back: part('back'), play: part('play'), forward: part('forward'), last: part('last') };
    this.speed = part('speed');
    this.speedOut = part('speed-value');
    this.states = [];
    this.moves = [];
    this.k = 0;
    this.animating = -1;  // index of the move being played, or -1
    this.target = -1;     // the step that move leads to, or -1
    this.hasSolution = false;
    this.playing = false;
    this.looping = false;
    this.busy = null;
    this.gen = 0;
    this.buttons.first.addEventListener('click', () => this.jump(0));
    this.buttons.last.addEventListener('click', () => this.jump(this.n));
    this.buttons.back.addEventListener('click', () => { this.pause(); this.step(-1); });
    this.buttons.forward.addEventListener('click', () => { this.pause(); this.step(1); });
    this.buttons.play.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    this.speed.addEventListener('input', () => this.showSpeed());
    this.strip.addEventListener('click', (e) => {
      const mv = e.target.closest('[data-index]');
      if (mv) this.jump(Number(mv.dataset.index) + 1);
    });
    this.showSpeed();
    this.buildStrip();
    this.update();
  }
  get n() { return this.moves.length; }
  get current() { return this.states[this.k]; }
  factor() { return SPEEDS[Number(this.speed.value)] || 1; }
  duration() { return reducedMotion.matches ? 0 : Math.round(this.baseMs / this.factor()); }
  gap() { return Math.round(this.baseMs * (reducedMotion.matches ? 1 : 0.3) / this.factor()); }
  showSpeed() {
    const text = SPEEDS[Number(this.speed.value)] + '\u00d7';
    this.speedOut.textContent = text;
    this.speed.setAttribute('aria-valuetext', text);
  }
  reset(hasSolution, states, moves) {
    this.gen++;
    this.playing = false;
    this.busy = null;
    this.animating = -1;
    this.target = -1;
    this.hasSolution = hasSolution;
    this.states = states;
    this.moves = moves;
    this.k = 0;
  }
  // No solution: just show `state` (a board, or null when there is none to draw). mode:
  // 'instant' (default), 'animate' (slide to it), or 'none' (the caller animates the board).
  clear(state, mode = 'instant') {
    this.reset(false, state ? [state] : [], []);
    if (state && mode !== 'none') this.view.render(state, mode === 'animate');
    this.buildStrip();
    this.update();
  }
  // A solution: `states` are the server's boards (start first), `moves` its moves, one fewer.
  load(states, moves) {
    this.reset(true, states, moves);
    this.view.render(states[0]);
    this.buildStrip();
    this.update();
  }
  // load(), then play; a solution of no moves is finished at once.
  playSolution(states, moves) {
    this.load(states, moves);
    if (this.n === 0) this.finished(); else this.play();
  }
  buildStrip() {
    this.strip.textContent = '';
    if (!this.hasSolution || this.n === 0) {
      const li = document.createElement('li');
      li.className = 'placeholder';
      li.textContent = this.hasSolution ? this.zeroText : this.emptyText;
      this.strip.append(li);
      this.strip.dataset.moves = '';
      return;
    }
    this.moves.forEach((m, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.tabIndex = -1;
      b.dataset.index = String(i);
      b.textContent = m;
      b.title = 'Move ' + (i + 1) + ': ' + this.describe(m) + ' (click to jump here)';
      b.setAttribute('aria-label', 'Move ' + (i + 1) + ': ' + m + ', ' + this.describe(m));
      li.append(b);
      this.strip.append(li);
    });
    this.strip.dataset.moves = this.moves.join('');
  }
  status() {
    if (!this.hasSolution) return 'empty';
    if (this.playing) return 'playing';
    if (this.k === this.n && this.animating < 0) return 'done';
    return this.k === 0 && this.animating < 0 ? 'ready' : 'paused';
  }
  update() {
    const root = this.el;
    root.dataset.status = this.status();
    root.dataset.step = String(this.k);
    root.dataset.total = String(this.n);
    const el = this.view.el;
    el.dataset.board = this.states.length ? this.current : '';
    el.dataset.step = String(this.k);
    el.dataset.total = String(this.n);
    const highlight = this.animating >= 0 ? this.animating : this.k - 1;
    for (const b of this.strip.querySelectorAll('.mv')) {
      const i = Number(b.dataset.index);
      b.classList.toggle('current', i === highlight);
      b.classList.toggle('done', i < this.k && i !== highlight);
      if (i === highlight) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
    }
    const cur = this.strip.querySelector('.mv.current');
    if (cur && this.strip.scrollHeight > this.strip.clientHeight) {
      const top = cur.offsetTop;  // .moves is positioned: its moves' offsetParent
      if (top < this.strip.scrollTop || top + cur.offsetHeight > this.strip.scrollTop + this.strip.clientHeight) {
        this.strip.scrollTop = top - this.strip.clientHeight / 2;
      }
    }
    if (!this.hasSolution) {
      this.progress.textContent = '';
    } else if (this.n === 0) {
      this.progress.textContent = 'Already solved';
    } else {
      const shown = this.animating >= 0 ? this.animating : this.k - 1;
      this.progress.textContent = 'Move ' + (this.target >= 0 ? this.target : this.k) + ' of ' + this.n +
          (shown >= 0 ? ' \u00b7 ' + this.moves[shown] + ' (' + this.describe(this.moves[shown]) + ')' : '');
    }
    const none = !this.hasSolution || this.n === 0;
    this.buttons.first.disabled = none || (this.k === 0 && this.animating < 0);
    this.buttons.back.disabled = none || this.k === 0;
    this.buttons.forward.disabled = none || this.k === this.n;
    this.buttons.last.disabled = none || this.k === this.n;
    this.buttons.play.disabled = none;
    const play = this.buttons.play;
    if (this.playing) {
      play.innerHTML = icons.pause + 'Pause';
      play.setAttribute('aria-label', 'Pause');
    } else if (!none && this.k === this.n) {
      play.innerHTML = icons.replay + 'Replay';
      play.setAttribute('aria-label', 'Replay from the start');
    } else {
      play.innerHTML = icons.play + 'Play';
      play.setAttribute('aria-label', 'Play');
    }
  }
  // One move forward (+1) or back (-1). Resolves to true when the move was made.
  async step(dir) {
    if (!this.hasSolution) return false;
    const gen = this.gen;
    while (this.busy) {  // queue behind the move being played (clicks are not lost)
      await this.busy;
      if (gen !== this.gen) return false;
    }
    const from = this.k, to = from + dir;
    if (to < 0 || to > this.n) return false;
    const index = dir > 0 ? from : from - 1;
    this.animating = index;
    this.target = to;
    this.update();
    this.busy = this.view.animate(this.states[from], this.states[to], this.moves[index], dir, this.duration());
    await this.busy;
    if (gen !== this.gen) return false;
    this.busy = null;
    this.animating = -1;
    this.target = -1;
    this.k = to;
    this.update();
    if (this.k === this.n && !this.playing) this.finished();
    return true;
  }
  finished() {
    if (this.onFinish) this.onFinish(this.current);
  }
  jump(k) {
    if (!this.hasSolution) return;
    this.gen++;
    this.playing = false;
    this.busy = null;
    this.animating = -1;
    this.target = -1;
    this.k = Math.max(0, Math.min(this.n, k));
    this.view.render(this.current);
    this.update();
    if (this.k === this.n) this.finished();
  }
  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.update();
  }
  async play() {
    if (!this.hasSolution) return;
    if (this.k === this.n && !this.busy) this.jump(0);
    this.playing = true;
    this.update();
    if (this.looping) return;  // the running loop picks the new state up
    this.looping = true;
    const gen = this.gen;
    try {
      while (this.playing && gen === this.gen && this.k < this.n) {
        const ok = await this.step(1);
        if (!ok || gen !== this.gen) break;
        if (this.k < this.n && this.playing) await sleep(this.gap());
      }
    } finally {
      this.looping = false;
    }
    if (gen === this.gen && this.playing) {
      this.playing = false;
      this.update();
      if (this.k === this.n) this.finished();
    }
  }
  // Playback shortcuts while focus is in `panel` but not in a text field, a tab or an element
  // that handles its own keys (boards mark themselves data-own-keys): ← → Home End, Space or k.
  bindKeys(panel) {
    panel.addEventListener('keydown', (e) => {
      const t = e.target;
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (t.closest('input, textarea, select, [role="tab"], [data-own-keys]')) return;
      if (e.key === 'ArrowRight') { this.pause(); this.step(1); }
      else if (e.key === 'ArrowLeft') { this.pause(); this.step(-1); }
      else if (e.key === 'Home') this.jump(0);
      else if (e.key === 'End') this.jump(this.n);
      else if ((e.key === ' ' || e.key === 'k') && !t.closest('button')) { if (this.playing) this.pause(); else this.play(); }
      else return;
      e.preventDefault();
    });
  }
}

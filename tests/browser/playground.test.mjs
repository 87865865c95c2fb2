// Real-browser test of the web playground (GET /): the real server binary, Debian's headless
// Chromium, driven by playwright-core. Run it through tools/browser_test.sh, or by hand:
//
//   PUZZLE_ORACLE_SERVER=/path/to/bazel-bin/server/puzzle_oracle_server node --test playground.test.mjs
//
// Two parts:
//   - a generic part over the server's registry (GET /v2/puzzles): every puzzle's tab loads its
//     view, every example button of the view plays to the server's own last board and distance,
//     and a malformed board shows the server's own message. It relies only on the view contract
//     of web/README.md, so a new puzzle whose view follows it is tested with no edit here (the
//     README's minimal view is driven the same way, in place of a sliding puzzle's view);
//   - specific checks of the 8-puzzle, Rotation Game and 15-puzzle views (exact answers, playback
//     controls, editing, op buttons, scrambles, a search's streamed progress and its Cancel), of
//     tabs and hash navigation, and of a view that fails.
//
// Environment:
//   PUZZLE_ORACLE_SERVER        the server binary (required). It finds the Bazel-built tables
//                               itself (bazel build //data:tables).
//   PUZZLE_ORACLE_TABLES_DIR    a folder of <table>.tbl files, passed as --tables_dir (optional).
//   CHROMIUM                    the browser (default /usr/bin/chromium).
//   TEST_UNDECLARED_OUTPUTS_DIR where screenshots go (default: artifacts/ next to this file).
//
// Nothing here touches the network beyond loopback: the server listens on 127.0.0.1 with
// ephemeral ports, Chromium runs with its background networking off, and the test fails if the
// page requests anything that is not on the server's origin.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = process.env.TEST_UNDECLARED_OUTPUTS_DIR || path.join(here, 'artifacts');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// ---------------------------------------------------------------- the server
function serverCommand(extraArgs = []) {
  const bin = process.env.PUZZLE_ORACLE_SERVER;
  if (!bin) throw new Error('set PUZZLE_ORACLE_SERVER to the puzzle_oracle_server binary');
  if (!fs.existsSync(bin)) throw new Error(`PUZZLE_ORACLE_SERVER=${bin}: no such file`);
  const args = ['--address=127.0.0.1:0', '--http_address=127.0.0.1:0'];
  const dir = process.env.PUZZLE_ORACLE_TABLES_DIR;
  if (dir) args.push(`--tables_dir=${path.resolve(dir)}`);
  return { bin: path.resolve(bin), args: [...args, ...extraArgs] };
}

// Starts the server and resolves to {proc, base} once it prints "HTTP on 127.0.0.1:PORT;".
// `extraArgs`: more server flags.
function startServer(extraArgs = []) {
  const { bin, args } = serverCommand(extraArgs);
  const proc = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the server did not report its HTTP port within 30 s; stderr:\n${stderr}`));
    }, 30000);
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk) => {
      stderr += chunk;
      const m = /HTTP on 127\.0\.0\.1:(\d+);/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: `http://127.0.0.1:${m[1]}`, stderr: () => stderr });
      }
    });
    proc.on('error', (e) => { clearTimeout(timer); reject(e); });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited early (code ${code}, signal ${signal}); stderr:\n${stderr}`));
    });
  });
}

function stopServer(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) { resolve(proc.exitCode); return; }
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15000);
    proc.on('exit', (code) => { clearTimeout(timer); resolve(code); });
    proc.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- independent puzzle models
// The views replay the server's boards; these follow the README's definitions so that the test
// checks the server's answers without trusting it (or the page).
function applyEight(board, move) {
  const i = board.indexOf('X');
  const j = i + { d: 3, u: -3, l: -1, r: 1 }[move];
  const a = board.split('');
  [a[i], a[j]] = [a[j], a[i]];
  return a.join('');
}
const LINES = {
  A: [0, 2, 6, 11, 15, 20, 22], B: [1, 3, 8, 12, 17, 21, 23], C: [10, 9, 8, 7, 6, 5, 4],
  D: [19, 18, 17, 16, 15, 14, 13], E: [23, 21, 17, 12, 8, 3, 1], F: [22, 20, 15, 11, 6, 2, 0],
  G: [13, 14, 15, 16, 17, 18, 19], H: [4, 5, 6, 7, 8, 9, 10],
};
const CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];
function applyRotation(board, op) {
  const l = LINES[op];
  const a = board.split('');
  const first = a[l[0]];
  for (let i = 0; i < 6; i++) a[l[i]] = a[l[i + 1]];
  a[l[6]] = first;
  return a.join('');
}

// The 2x2x2 cube (stickers U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4, Kociemba's order): the
// clockwise quarter turns of U, R and F as sticker cycles (the sticker at l[k] goes to l[k+1]);
// X2 is X twice, X' three times.
const CUBE_SOLVED = 'UUUURRRRFFFFDDDDLLLLBBBB';
const CUBE_QUARTERS = {
  U: [[0, 1, 3, 2], [4, 8, 16, 20], [5, 9, 17, 21]],
  R: [[4, 5, 7, 6], [1, 22, 13, 9], [3, 20, 15, 11]],
  F: [[8, 9, 11, 10], [2, 4, 13, 19], [3, 6, 12, 17]],
};
function applyCube(board, move) {
  const times = { '': 1, 2: 2, "'": 3 }[move.slice(1)];
  let a = board.split('');
  for (let t = 0; t < times; t++) {
    const b = [...a];
    for (const l of CUBE_QUARTERS[move[0]]) l.forEach((s, k) => { b[l[(k + 1) % l.length]] = a[s]; });
    a = b;
  }
  return a.join('');
}

// ---------------------------------------------------------------- the test
describe('web playground in headless Chromium', () => {
  let server;
  let context;
  let page;
  let userDataDir;
  let puzzles;  // GET /v2/puzzles
  const pageErrors = [];
  const foreignRequests = [];

  const shot = async (name, target = page) => {
    fs.mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name}.png`);
    await target.screenshot({ path: file, fullPage: true });
    console.log(`screenshot: ${file}`);
  };
  const byTestId = (id) => page.locator(`[data-testid="${id}"]`);
  // The server's own answers, straight over HTTP (no browser).
  const post = async (endpoint, body) => {
    const response = await fetch(`${server.base}${endpoint}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const get = async (endpoint) => {
    const response = await fetch(`${server.base}${endpoint}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const waitForStatus = (player, status, timeout = 30000) =>
    page.waitForSelector(`[data-testid="${player}"][data-status="${status}"]`, { timeout });
  const showTab = async (name) => {
    await byTestId(`tab-${name}`).click();
    await byTestId(`panel-${name}`).waitFor({ state: 'visible' });
  };
  // Watches a page: errors it raises, and requests that leave the server's origin.
  const watch = (p, errors, foreign) => {
    p.on('pageerror', (e) => errors.push(String(e)));
    p.on('console', (m) => {
      // Chromium logs every HTTP error response; the bad-board checks cause 400s on purpose.
      if (m.type() === 'error' && !/status of 400 \(Bad Request\)/.test(m.text())) errors.push(`console: ${m.text()}`);
    });
    p.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(`${server.base}/`) && !url.startsWith('data:')) foreign.push(url);
    });
  };

  before(async () => {
    server = await startServer();
    const list = await get('/v2/puzzles');
    assert.equal(list.status, 200);
    puzzles = JSON.parse(list.text).puzzles;
    assert.ok(puzzles.length >= 2, list.text);
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-chromium-profile-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 900 },
      timeout: 60000,
    });
    page = context.pages()[0] || await context.newPage();
    page.setDefaultTimeout(20000);
    watch(page, pageErrors, foreignRequests);
    const response = await page.goto(`${server.base}/`);
    assert.equal(response.status(), 200);
    await page.waitForSelector('html[data-playground="ready"]');
  });

  after(async () => {
    if (context) await context.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    if (server) {
      const code = await stopServer(server.proc);
      assert.equal(code, 0, `the server did not exit cleanly on SIGTERM; stderr:\n${server.stderr()}`);
    }
  });

  it('serves a shell, shared files and one view per puzzle, all from its own origin', async () => {
    assert.match(await page.title(), /Puzzle oracle/);
    const html = (await get('/')).text;
    // The shell loads exactly the shared stylesheet and the app, by same-origin paths.
    assert.deepEqual([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
      ['<script type="module" src="/assets/app.js">']);
    assert.doesNotMatch(html, /<script\b[^>]*>[^<\s]/, 'no inline script in the shell');
    assert.deepEqual([...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]),
      ['<link rel="stylesheet" href="/assets/style.css">']);
    const shared = { '/assets/style.css': 'text/css', '/assets/app.js': 'text/javascript',
                     '/assets/player.js': 'text/javascript', '/assets/panel.js': 'text/javascript',
                     '/assets/sliding.js': 'text/javascript', '/assets/sliding_view.js': 'text/javascript' };
    const files = { '/': html };
    for (const [file, type] of Object.entries(shared)) {
      const r = await get(file);
      assert.equal(r.status, 200, file);
      assert.ok(r.type.startsWith(type), `${file}: ${r.type}`);
      files[file] = r.text;
    }
    for (const p of puzzles) {
      const r = await get(`/views/${p.name}.js`);
      assert.equal(r.status, 200, p.name);
      assert.ok(r.type.startsWith('text/javascript'), `${p.name}: ${r.type}`);
      files[`/views/${p.name}.js`] = r.text;
    }
    for (const [file, text] of Object.entries(files)) {
      assert.doesNotMatch(text, /https?:\/\/|url\(\s*['"]?\/\/|@import|\bsrc="\/\//i, `${file} must not load anything remote`);
      assert.ok(!text.includes(')EMBED"'), `${file} contains the embedding delimiter`);
    }
    // The shell and the shared files know no puzzle: a new puzzle needs no edit there.
    for (const p of puzzles) {
      for (const file of ['/', ...Object.keys(shared)]) {
        assert.doesNotMatch(files[file], new RegExp(`\\b${p.name}\\b`), `${file} names the puzzle ${p.name}`);
      }
    }
    // One tab per puzzle, in the server's order; every view mounted.
    const tabs = await page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => e.dataset.testid));
    assert.deepEqual(tabs, puzzles.map((p) => `tab-${p.name}`));
    for (const p of puzzles) {
      assert.equal(await byTestId(`panel-${p.name}`).getAttribute('data-view'), 'ready', p.name);
    }
    // The footer lists the tables the server loaded.
    const tables = JSON.parse((await get('/v2/tables')).text).tables;
    const footer = await byTestId('tables-loaded').textContent();
    for (const t of tables) assert.ok(footer.includes(`${t.table}.tbl v${t.formatVersion}`), footer);
    // Before any solve the 8-puzzle's board shows the start as typed.
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '564178X23');
    assert.equal(await byTestId('eight-player').getAttribute('data-status'), 'empty');
    assert.equal(new URL(page.url()).hash, `#${puzzles[0].name}`);
  });

  // ------------------------------------------------------------ 8-puzzle
  it('solves 564178X23 -> 7568X4123 and animates to the goal', async () => {
    await showTab('eight');
    await byTestId('eight-start').fill('564178X23');
    await byTestId('eight-goal').fill('7568X4123');
    const expected = await post('/v2/puzzles/eight:solve', { start: '564178X23', goal: '7568X4123', includeBoards: true });
    assert.equal(expected.status, 200);
    assert.deepEqual({ ...expected.body, boards: undefined }, { solvable: true, distance: 8, moves: 'urrulldr', extras: [], boards: undefined });
    let board = '564178X23';
    assert.deepEqual(expected.body.boards, [board, ...[...'urrulldr'].map((m) => (board = applyEight(board, m)))]);
    await byTestId('eight-solve').click();
    await waitForStatus('eight-player', 'playing');
    await page.waitForSelector('[data-testid="eight-board"][data-step="3"]');
    await shot('eight-playing');
    await waitForStatus('eight-player', 'done');
    const el = byTestId('eight-board');
    assert.equal(await el.getAttribute('data-board'), '7568X4123');
    assert.equal(await el.getAttribute('data-step'), '8');
    assert.equal((await byTestId('eight-distance').textContent()).trim(), '8');
    assert.equal(await byTestId('eight-moves').getAttribute('data-moves'), 'urrulldr');
    assert.equal((await byTestId('eight-moves').textContent()).trim(), 'urrulldr');
    // The current move is the last one, and it is the only one highlighted.
    const current = page.locator('[data-testid="eight-moves"] [aria-current="step"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.getAttribute('data-index'), '7');
    await byTestId('eight-reached').waitFor({ state: 'visible' });
    // Every tile is drawn where the board says (the picture agrees with data-board).
    const drawn = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="eight-board"]');
      const cells = Array(9).fill('X');
      const box = el.getBoundingClientRect();
      for (const tile of el.querySelectorAll('.tile:not([hidden])')) {
        const r = tile.getBoundingClientRect();
        const col = Math.floor(((r.left + r.right) / 2 - box.left) / (box.width / 3));
        const row = Math.floor(((r.top + r.bottom) / 2 - box.top) / (box.height / 3));
        cells[row * 3 + col] = tile.dataset.tile;
      }
      return cells.join('');
    });
    assert.equal(drawn, '7568X4123');
    await shot('eight-solved');
  });

  it('steps back, forward, to the start and to the end (buttons and keys)', async () => {
    const board = byTestId('eight-board');
    await byTestId('eight-back').click();
    await page.waitForSelector('[data-testid="eight-board"][data-step="7"]');
    // Undoing the last move r moves the blank back left.
    assert.equal(await board.getAttribute('data-board'), '756X84123');
    assert.equal(await byTestId('eight-player').getAttribute('data-status'), 'paused');
    await byTestId('eight-forward').click();
    await waitForStatus('eight-player', 'done');
    assert.equal(await board.getAttribute('data-board'), '7568X4123');
    await byTestId('eight-first').click();
    assert.equal(await board.getAttribute('data-board'), '564178X23');
    assert.equal(await byTestId('eight-player').getAttribute('data-status'), 'ready');
    await byTestId('eight-last').click();
    assert.equal(await board.getAttribute('data-board'), '7568X4123');
    // The same from the keyboard, with focus on a player button: Home, →, ←, End.
    await byTestId('eight-play').focus();
    await page.keyboard.press('Home');
    assert.equal(await board.getAttribute('data-board'), '564178X23');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-testid="eight-board"][data-step="1"]');
    assert.equal(await board.getAttribute('data-board'), '564X78123');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('[data-testid="eight-board"][data-step="0"]');
    await page.keyboard.press('End');
    await waitForStatus('eight-player', 'done');
  });

  it('shows an unsolvable answer clearly', async () => {
    await byTestId('eight-start').fill('12345687X');
    await byTestId('eight-goal').fill('12345678X');
    await byTestId('eight-solve').click();
    await byTestId('eight-unsolvable').waitFor({ state: 'visible' });
    assert.equal(await byTestId('eight-distance').getAttribute('data-distance'), '-1');
    assert.equal(await byTestId('eight-player').getAttribute('data-status'), 'empty');
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '12345687X');
    await shot('eight-unsolvable');
  });

  it('shows the server\'s message inline for a bad board', async () => {
    const bad = '1234Y678X';
    const expected = await post('/v2/puzzles/eight:solve', { start: bad, goal: '12345678X' });
    assert.equal(expected.status, 400);
    await byTestId('eight-start').fill(bad);
    await byTestId('eight-solve').click();
    const error = byTestId('eight-error');
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), expected.body.message);
    assert.match(expected.body.message, /^start: symbol 'Y' at position/);
    assert.equal(await byTestId('eight-start').getAttribute('aria-invalid'), 'true');
    assert.equal(await byTestId('eight-goal').getAttribute('aria-invalid'), 'false');
    await shot('eight-error');
    // Editing the board clears the message.
    await byTestId('eight-start').fill('12345678X');
    await error.waitFor({ state: 'hidden' });
    assert.equal(await byTestId('eight-start').getAttribute('aria-invalid'), null);
  });

  it('edits the start with the keyboard (arrow keys move the blank) and by clicking two cells', async () => {
    await byTestId('eight-start').fill('12345678X');
    await byTestId('eight-board').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await byTestId('eight-start').inputValue(), '1234X5786');
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '1234X5786');
    // The blank cannot leave the grid: two more lefts make one move.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await byTestId('eight-start').inputValue(), '123X45786');
    await page.locator('[data-testid="eight-board"] [data-cell="0"]').click();
    await page.locator('[data-testid="eight-board"] [data-cell="8"]').click();
    assert.equal(await byTestId('eight-start').inputValue(), '623X45781');
    // The goal board edits the goal the same way.
    await byTestId('eight-goal-default').click();
    await byTestId('eight-goal-board').focus();
    await page.keyboard.press('ArrowUp');
    assert.equal(await byTestId('eight-goal').inputValue(), '12345X786');
    await byTestId('eight-goal-default').click();
    assert.equal(await byTestId('eight-goal').inputValue(), '12345678X');
  });

  it('scrambles (the server\'s :scramble) to a solvable start and solves it at top speed', async () => {
    await byTestId('eight-goal-default').click();
    await byTestId('eight-scramble').click();
    await page.waitForSelector('[data-testid="eight-scramble"]:not([aria-busy])');
    const start = await byTestId('eight-start').inputValue();
    assert.match(start, /^[1-8X]{9}$/);
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), start);
    const expected = await post('/v2/puzzles/eight:solve', { start, goal: '' });
    assert.equal(expected.body.solvable, true, `scramble produced an unsolvable start ${start}`);
    await byTestId('eight-speed').fill('5');
    assert.equal((await page.locator('#eight-speed-value').textContent()).trim(), '8\u00d7');
    await byTestId('eight-solve').click();
    await waitForStatus('eight-player', 'done');
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '12345678X');
    assert.equal((await byTestId('eight-distance').textContent()).trim(), String(expected.body.distance));
    let board = start;
    for (const m of expected.body.moves) board = applyEight(board, m);
    assert.equal(board, '12345678X');
    // A goal the server cannot read: its message, naming the goal.
    await byTestId('eight-goal').fill('123');
    await byTestId('eight-scramble').click();
    await byTestId('eight-error').waitFor({ state: 'visible' });
    assert.match(await byTestId('eight-error').textContent(), /^goal: expected 9 symbols/);
    assert.equal(await byTestId('eight-goal').getAttribute('aria-invalid'), 'true');
    await byTestId('eight-goal-default').click();
  });

  // ------------------------------------------------------------ Rotation Game
  it('draws the Rotation Game from the server\'s layout and lines', async () => {
    const info = puzzles.find((p) => p.name === 'rotation-game');
    // The server's lines are the README's (the test's model above).
    assert.deepEqual(Object.fromEntries(info.moves.map((m) => [m.symbol, m.cells])), LINES);
    await showTab('rotation-game');
    assert.equal(new URL(page.url()).hash, '#rotation-game');
    // Each cell's slot sits in the grid square info.layout gives it.
    const places = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="rotation-board"]');
      const box = el.getBoundingClientRect();
      const p = parseFloat(getComputedStyle(el).getPropertyValue('--p'));
      return [...el.querySelectorAll('.slot')].map((s) => {
        const r = s.getBoundingClientRect();
        return [Number(s.dataset.cell), Math.round((r.top - box.top) / p) - 1, Math.round((r.left - box.left) / p) - 1];
      });
    });
    assert.equal(places.length, 24);
    for (const [cell, r, c] of places) assert.equal(info.layout[r * info.cols + c], cell, `cell ${cell} at ${r},${c}`);
    for (const op of 'ABCDEFGH') {
      assert.match(await byTestId(`rotation-op-${op}`).getAttribute('aria-label'), new RegExp(`^Op ${op}: (column|row) [A-D] (up|down|left|right)$`));
    }
  });

  it('solves the Rotation Game sample and animates the ops', async () => {
    const sample = '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3';
    const expected = await post('/v2/puzzles/rotation-game:solve', { start: sample, includeBoards: true });
    const want = applyRotation(applyRotation(sample.replace(/ /g, ''), 'A'), 'C');
    assert.deepEqual(expected.body, {
      solvable: true, distance: 2, moves: 'AC', extras: [{ name: 'centre', value: '2' }],
      boards: [sample.replace(/ /g, ''), applyRotation(sample.replace(/ /g, ''), 'A'), want],
    });
    await byTestId('rotation-input').fill(sample);
    await byTestId('rotation-solve').click();
    await waitForStatus('rotation-player', 'playing');
    await page.waitForSelector('[data-testid="rotation-op-A"].active');
    await page.waitForTimeout(150);
    await shot('rotation-playing');
    await waitForStatus('rotation-player', 'done');
    const final = await byTestId('rotation-board').getAttribute('data-board');
    assert.equal(final, want);
    assert.deepEqual(CENTRE.map((i) => final[i]), Array(8).fill('2'));
    assert.equal((await byTestId('rotation-distance').textContent()).trim(), '2');
    assert.equal(await byTestId('rotation-centre').getAttribute('data-centre'), '2');
    assert.equal(await byTestId('rotation-moves').getAttribute('data-moves'), 'AC');
    const current = page.locator('[data-testid="rotation-moves"] [aria-current="step"]');
    assert.equal(await current.textContent(), 'C');
    await byTestId('rotation-reached').waitFor({ state: 'visible' });
    // The drawn tokens agree with data-board.
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="rotation-board"] .tok:not(.ghost)')]
        .filter((t) => !t.closest('.hub')).map((t) => t.textContent).join(''));
    assert.equal(drawn, want);
    await shot('rotation-solved');
    // Stepping back undoes C: its inverse H is the op lit.
    await byTestId('rotation-back').click();
    await page.waitForSelector('[data-testid="rotation-op-H"].active');
    await page.waitForSelector('[data-testid="rotation-board"][data-step="1"]');
    assert.equal(await byTestId('rotation-board').getAttribute('data-board'), expected.body.boards[1]);
  });

  it('applies the op buttons and the a-h keys to the board', async () => {
    const start = '111111112222222233333333';
    await byTestId('rotation-input').fill(start);
    let want = start;
    for (const op of 'ABCDEFGH') {
      await byTestId(`rotation-op-${op}`).click();
      want = applyRotation(want, op);
      assert.equal(await byTestId('rotation-board').getAttribute('data-board'), want, `after op ${op}`);
      assert.equal((await byTestId('rotation-input').inputValue()).replace(/ /g, ''), want, `input after op ${op}`);
    }
    await byTestId('rotation-board').focus();
    await page.keyboard.press('d');
    await page.keyboard.press('g');  // G undoes D
    assert.equal(await byTestId('rotation-board').getAttribute('data-board'), want);
    await page.keyboard.press('a');
    want = applyRotation(want, 'A');
    assert.equal(await byTestId('rotation-board').getAttribute('data-board'), want);
    assert.equal(await byTestId('rotation-player').getAttribute('data-status'), 'empty');
  });

  it('scrambles the Rotation Game through the server', async () => {
    await byTestId('rotation-scramble').click();
    await page.waitForSelector('[data-testid="rotation-scramble"]:not([aria-busy])');
    const board = await byTestId('rotation-board').getAttribute('data-board');
    assert.match(board, /^[123]{24}$/);
    assert.equal((await byTestId('rotation-input').inputValue()).replace(/ /g, ''), board);
    const expected = await post('/v2/puzzles/rotation-game:solve', { start: board });
    assert.equal(expected.status, 200);
  });

  it('shows "No moves needed" for a solved Rotation Game board', async () => {
    await byTestId('rotation-input').fill('1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3');
    await byTestId('rotation-solve').click();
    await waitForStatus('rotation-player', 'done');
    assert.equal((await byTestId('rotation-distance').textContent()).trim(), '0');
    assert.match(await byTestId('rotation-moves').textContent(), /No moves needed/);
  });

  it('shows the server\'s message inline for a bad Rotation Game board', async () => {
    const bad = '1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3';
    const expected = await post('/v2/puzzles/rotation-game:solve', { start: bad });
    assert.equal(expected.status, 400);
    await byTestId('rotation-input').fill(bad);
    await byTestId('rotation-solve').click();
    const error = byTestId('rotation-error');
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), expected.body.message);
    assert.match(expected.body.message, /^board: 9 ones, 8 twos and 7 threes/);
    assert.equal(await byTestId('rotation-input').getAttribute('aria-invalid'), 'true');
    await shot('rotation-error');
  });

  // ------------------------------------------------------------ 15-puzzle
  // The count of :solveWatch calls of puzzle `name` that ended CANCELLED, from GET /metrics: it
  // goes up when the server's search has stopped.
  const cancelledWatches = async (name) => {
    const lines = (await get('/metrics')).text.split('\n').filter((l) => l.startsWith('puzzle_oracle_requests_total{') &&
        l.includes(':solveWatch"') && l.includes(`puzzle="${name}"`) && l.includes('code="CANCELLED"'));
    return lines.reduce((sum, l) => sum + Number(l.split(/\s+/).pop()), 0);
  };
  // Records, in the page, every progress report the search box shows (its data-bound and
  // data-nodes as they change); collected by searchReports().
  const recordSearchReports = () => page.evaluate(() => {
    const box = document.querySelector('[data-testid="fifteen-search"]');
    window.searchReports = [];
    if (window.searchObserver) window.searchObserver.disconnect();
    window.searchObserver = new MutationObserver(() => {
      const { bound, nodes } = box.dataset;
      const last = window.searchReports[window.searchReports.length - 1];
      if (bound !== undefined && (!last || last.nodes !== Number(nodes))) {
        window.searchReports.push({ bound: Number(bound), nodes: Number(nodes) });
      }
    });
    window.searchObserver.observe(box, { attributes: true });
  });
  const searchReports = () => page.evaluate(() => window.searchReports);

  it('streams a 15-puzzle search\'s progress, then shows the answer and plays it', async () => {
    // A pair that takes the server about a second: several progress reports, rising bounds.
    const start = 'C5261D4X8AE3B79F';
    const goal = 'C9FA3581X2E467DB';
    await showTab('fifteen');
    const info = puzzles.find((p) => p.name === 'fifteen');
    assert.equal(info.searches, true);
    const expected = await post('/v2/puzzles/fifteen:solve', { start, goal, includeBoards: true });
    assert.equal(expected.status, 200);
    assert.equal(expected.body.distance, 62);
    await byTestId('fifteen-speed').fill('5');
    await byTestId('fifteen-start').fill(start);
    await byTestId('fifteen-goal').fill(goal);
    await recordSearchReports();
    await byTestId('fifteen-solve').click();
    await page.waitForSelector('[data-testid="fifteen-search"][data-status="searching"][data-bound]');
    assert.ok(await byTestId('fifteen-cancel').isVisible());
    assert.equal(await byTestId('fifteen-solve').getAttribute('aria-busy'), 'true');
    assert.equal(await byTestId('fifteen-distance').getAttribute('data-distance'), null);
    assert.match(await byTestId('fifteen-search').textContent(), /Searching.*bound \d+, [\d,]+ nodes, \d+\.\d s/s);
    await shot('fifteen-searching');
    await page.waitForSelector(`[data-testid="fifteen-distance"][data-distance="${expected.body.distance}"]`, { timeout: 60000 });
    // The reports came while it searched: bounds never fall and end at most at the distance,
    // nodes only grow.
    const reports = await searchReports();
    assert.ok(reports.length >= 2, JSON.stringify(reports));
    for (let i = 1; i < reports.length; i++) {
      assert.ok(reports[i].bound >= reports[i - 1].bound, JSON.stringify(reports));
      assert.ok(reports[i].nodes > reports[i - 1].nodes, JSON.stringify(reports));
    }
    assert.ok(reports.every((r) => r.bound <= expected.body.distance), JSON.stringify(reports));
    assert.equal(await byTestId('fifteen-search').getAttribute('data-status'), 'done');
    assert.equal(await byTestId('fifteen-search').isVisible(), false);
    assert.equal(await byTestId('fifteen-solve').getAttribute('aria-busy'), null);
    // The answer's stats: the search's nodes and time as the server counted them.
    assert.match(await byTestId('fifteen-nodes').getAttribute('data-nodes'), /^[1-9]\d*$/);
    assert.ok(Number(await byTestId('fifteen-nodes').getAttribute('data-nodes')) >= reports[reports.length - 1].nodes);
    assert.ok(Number(await byTestId('fifteen-search-time').getAttribute('data-milliseconds')) > 0);
    await waitForStatus('fifteen-player', 'done', 60000);
    assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), goal);
    assert.equal(await byTestId('fifteen-board').getAttribute('data-step'), '62');
    assert.equal(await byTestId('fifteen-moves').getAttribute('data-moves'), expected.body.moves);
    await byTestId('fifteen-reached').waitFor({ state: 'visible' });
    await shot('fifteen-solved');
    // Playback controls as the 8-puzzle's: back one move, to the start, to the end.
    await byTestId('fifteen-back').click();
    await page.waitForSelector('[data-testid="fifteen-board"][data-step="61"]');
    assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), expected.body.boards[61]);
    await byTestId('fifteen-first').click();
    assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), start);
    await byTestId('fifteen-last').click();
    await waitForStatus('fifteen-player', 'done');
  });

  it('cancels a long 15-puzzle search, and the server stops searching', async () => {
    // One of the 15-puzzle's hardest positions (80 moves): its search runs far longer than this.
    const start = '15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0';
    const before = await cancelledWatches('fifteen');
    await byTestId('fifteen-start').fill(start);
    await byTestId('fifteen-goal').fill('X123456789ABCDEF');
    await byTestId('fifteen-solve').click();
    await page.waitForSelector('[data-testid="fifteen-search"][data-status="searching"][data-bound]');
    await byTestId('fifteen-cancel').click();
    await page.waitForSelector('[data-testid="fifteen-search"][data-status="cancelled"]');
    assert.match(await byTestId('fifteen-search').textContent(), /Cancelled.*after bound \d+/s);
    assert.equal(await byTestId('fifteen-cancel').isVisible(), false);
    assert.equal(await byTestId('fifteen-distance').getAttribute('data-distance'), null);
    assert.equal(await byTestId('fifteen-error').isVisible(), false);
    assert.equal(await byTestId('fifteen-player').getAttribute('data-status'), 'empty');
    assert.equal(await byTestId('fifteen-solve').isDisabled(), false);
    await shot('fifteen-cancelled');
    // The request closed, so the server's search ended as cancelled.
    const deadline = Date.now() + 15000;
    while (await cancelledWatches('fifteen') <= before) {
      assert.ok(Date.now() < deadline, 'the server did not count the cancelled :solveWatch within 15 s');
      await page.waitForTimeout(100);
    }
    // Editing the start hides the cancelled search's status.
    await byTestId('fifteen-start').fill('123456789ABCDEXF');
    assert.equal(await byTestId('fifteen-search').isVisible(), false);
    // Scramble during a search stops it too, and shows the scrambled start.
    const counted = await cancelledWatches('fifteen');
    await byTestId('fifteen-start').fill(start);
    await byTestId('fifteen-solve').click();
    await page.waitForSelector('[data-testid="fifteen-search"][data-status="searching"][data-bound]');
    await byTestId('fifteen-depth').fill('10');
    await byTestId('fifteen-scramble').click();
    await page.waitForSelector('[data-testid="fifteen-scramble"]:not([aria-busy])');
    await page.waitForSelector('[data-testid="fifteen-search"]', { state: 'hidden' });
    assert.notEqual(await byTestId('fifteen-start').inputValue(), start);
    assert.equal(await byTestId('fifteen-solve').isDisabled(), false);
    assert.equal(await byTestId('fifteen-error').isVisible(), false);
    while (await cancelledWatches('fifteen') <= counted) {
      assert.ok(Date.now() < deadline + 15000, 'the server did not count the second cancelled :solveWatch');
      await page.waitForTimeout(100);
    }
    await byTestId('fifteen-depth').fill('40');
  });

  it('scrambles the 15-puzzle as many moves from the goal as the depth control says', async () => {
    const scrambleAt = async (depth) => {
      await byTestId('fifteen-depth').fill(String(depth));
      await byTestId('fifteen-scramble').click();
      await page.waitForSelector('[data-testid="fifteen-scramble"]:not([aria-busy])');
      const start = await byTestId('fifteen-start').inputValue();
      assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), start);
      return start;
    };
    await byTestId('fifteen-goal-default').click();
    assert.equal(await byTestId('fifteen-depth').inputValue(), '40');
    assert.equal(await scrambleAt(0), '123456789ABCDEFX');
    for (const goal of ['', 'X123456789ABCDEF']) {
      await byTestId('fifteen-goal').fill(goal);
      const start = await scrambleAt(1);
      const answer = await post('/v2/puzzles/fifteen:solve', { start, goal });
      assert.equal(answer.body.distance, 1, `${start} -> ${goal}: ${JSON.stringify(answer.body)}`);
    }
    // Deeper: a start that reaches the goal in at most that many moves, solved in the view.
    await byTestId('fifteen-goal-default').click();
    const start = await scrambleAt(30);
    assert.match(start, /^[1-9A-FX]{16}$/);
    const expected = await post('/v2/puzzles/fifteen:solve', { start, goal: '' });
    assert.equal(expected.body.solvable, true);
    assert.ok(expected.body.distance <= 30, JSON.stringify(expected.body));
    await byTestId('fifteen-solve').click();
    await page.waitForSelector(`[data-testid="fifteen-distance"][data-distance="${expected.body.distance}"]`, { timeout: 60000 });
    await waitForStatus('fifteen-player', 'done', 60000);
    assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), '123456789ABCDEFX');
    // The control keeps to its range.
    await scrambleAt(500);
    assert.equal(await byTestId('fifteen-depth').inputValue(), '200');
    await byTestId('fifteen-depth').fill('40');
  });

  it('plays the 15-puzzle\'s examples: Korf #1 to X123456789ABCDEF in 57', async () => {
    const korf = page.locator('[data-testid="fifteen-example"][data-goal="X123456789ABCDEF"]');
    assert.equal(await korf.getAttribute('data-start'), '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3');
    await korf.click();
    await page.waitForSelector('[data-testid="fifteen-distance"][data-distance="57"]', { timeout: 60000 });
    assert.equal(await byTestId('fifteen-goal').inputValue(), 'X123456789ABCDEF');
    await waitForStatus('fifteen-player', 'done', 60000);
    assert.equal(await byTestId('fifteen-board').getAttribute('data-board'), 'X123456789ABCDEF');
    assert.equal(await byTestId('fifteen-goal-board').getAttribute('aria-label'),
      'Goal board: blank 1 2 3; 4 5 6 7; 8 9 A B; C D E F');
    await byTestId('fifteen-reached').waitFor({ state: 'visible' });
    await page.locator('[data-testid="fifteen-example"][data-start="123456789ABCDFEX"]').click();
    await byTestId('fifteen-unsolvable').waitFor({ state: 'visible' });
    assert.equal(await byTestId('fifteen-distance').getAttribute('data-distance'), '-1');
    await shot('fifteen-unsolvable');
  });

  // ------------------------------------------------------------ 2x2x2 cube
  // The stickers' colours, in sticker order, as `within` (the 3D cube or the net) draws them.
  const drawnCube = (within) => page.evaluate((sel) =>
    [...document.querySelectorAll(`${sel} [data-sticker]`)]
      .sort((a, b) => Number(a.dataset.sticker) - Number(b.dataset.sticker)).map((e) => e.dataset.colour).join(''), within);

  it('draws the cube from the server\'s net and moves, and plays an example in 3D to the end', async () => {
    const info = puzzles.find((p) => p.name === 'cube2');
    assert.equal(info.defaultGoal, CUBE_SOLVED);
    assert.equal(info.moveSeparator, ' ');
    // The server's moves are the model's (as permutations of the solved cube's stickers).
    const numbered = [...Array(24).keys()].map((i) => String.fromCharCode(97 + i)).join('');
    for (const m of info.moves) {
      const a = numbered.split('');
      for (const { stickers: l } of m.cycles) l.forEach((s, k) => { a[l[(k + 1) % l.length]] = numbered[s]; });
      assert.equal(a.join(''), applyCube(numbered, m.symbol), `move ${m.symbol}`);
    }
    assert.deepEqual(info.moves.map((m) => m.symbol), ['U', 'U2', "U'", 'R', 'R2', "R'", 'F', 'F2', "F'"]);
    await showTab('cube2');
    assert.equal(await byTestId('panel-cube2').getAttribute('data-prefix'), 'cube2');
    // The net: each sticker in the grid square info.layout gives it.
    const places = await page.evaluate(() => {
      const net = document.querySelector('[data-testid="cube2-net"]');
      return [...net.querySelectorAll('[data-sticker]')].map((e) =>
        [Number(e.dataset.sticker), Number(e.style.gridRow) - 1, Number(e.style.gridColumn) - 1]);
    });
    assert.equal(places.length, 24);
    for (const [i, r, c] of places) assert.equal(info.layout[r * info.cols + c], i, `sticker ${i}`);
    // The solved cube as the page opens: U white on top, F green in front, R red on the right.
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), CUBE_SOLVED);
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), CUBE_SOLVED);
    const centres = await page.evaluate(() => {
      const at = {};
      for (const e of document.querySelectorAll('[data-testid="cube2-cube"] [data-sticker]')) {
        const r = e.getBoundingClientRect();
        const face = 'URFDLB'[Math.floor(Number(e.dataset.sticker) / 4)];
        (at[face] = at[face] || []).push([(r.left + r.right) / 2, (r.top + r.bottom) / 2, getComputedStyle(e.firstChild).backgroundColor]);
      }
      return at;
    });
    const mean = (face, k) => centres[face].reduce((s, p) => s + p[k], 0) / 4;
    assert.ok(mean('U', 1) < mean('F', 1) - 20, 'U is above F');
    assert.ok(mean('R', 0) > mean('F', 0) + 20, 'R is right of F');
    assert.deepEqual(new Set(centres.U.map((p) => p[2])), new Set(['rgb(255, 255, 255)']));
    assert.deepEqual(new Set(centres.F.map((p) => p[2])), new Set(['rgb(0, 158, 96)']));
    assert.deepEqual(new Set(centres.R.map((p) => p[2])), new Set(['rgb(196, 30, 58)']));
    await shot('cube2-solved-cube');
    // An example: the scramble, played turn by turn (a layer turning), to the server's last board.
    const example = page.locator('[data-testid="cube2-example"]').first();
    assert.equal(await example.getAttribute('data-start'), "R U2 F' R2");
    const expected = await post('/v2/puzzles/cube2:solve', { start: "R U2 F' R2", goal: '', includeBoards: true });
    assert.equal(expected.status, 200);
    assert.equal(expected.body.moves, "R2 F U2 R'");
    let board = CUBE_SOLVED;
    for (const m of "R U2 F' R2".split(' ')) board = applyCube(board, m);
    assert.deepEqual(expected.body.boards, [board, ...expected.body.moves.split(' ').map((m) => (board = applyCube(board, m)))]);
    assert.equal(board, CUBE_SOLVED);
    await byTestId('cube2-speed').fill('2');
    await example.click();
    await page.waitForSelector('[data-testid="cube2-cube"][data-turning]', { state: 'attached' });
    await page.waitForTimeout(150);
    await shot('cube2-turning');
    await waitForStatus('cube2-player', 'done');
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), CUBE_SOLVED);
    assert.equal(await byTestId('cube2-board').getAttribute('data-step'), '4');
    assert.equal(await byTestId('cube2-moves').getAttribute('data-moves'), "R2 F U2 R'");
    assert.equal(await byTestId('cube2-distance').getAttribute('data-distance'), '4');
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), CUBE_SOLVED);
    assert.equal(await drawnCube('[data-testid="cube2-net"]'), CUBE_SOLVED);
    assert.equal(await page.locator('[data-testid="cube2-cube"][data-turning]').count(), 0);
    await byTestId('cube2-reached').waitFor({ state: 'visible' });
    // Back one turn (R' undone), then to the start: both views show the server's boards.
    await byTestId('cube2-back').click();
    await page.waitForSelector('[data-testid="cube2-board"][data-step="3"]');
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), expected.body.boards[3]);
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), expected.body.boards[3]);
    await byTestId('cube2-first').click();
    assert.equal(await drawnCube('[data-testid="cube2-net"]'), expected.body.boards[0]);
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), expected.body.boards[0]);
    await shot('cube2-start');
  });

  it('paints stickers in the net and shows what the server says is wrong with the cube', async () => {
    await byTestId('cube2-goal-default').click();
    await byTestId('cube2-start').fill(CUBE_SOLVED);
    await page.waitForSelector('[data-testid="cube2-check"][data-status="valid"]');
    // White on R1: five white stickers.
    await byTestId('cube2-colour-U').click();
    assert.equal(await byTestId('cube2-colour-U').getAttribute('aria-checked'), 'true');
    await byTestId('cube2-sticker-4').click();
    const painted = 'UUUUURRRFFFFDDDDLLLLBBBB';
    assert.equal(await byTestId('cube2-start').inputValue(), painted);
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), painted);
    assert.equal(await byTestId('cube2-sticker-4').getAttribute('data-colour'), 'U');
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), painted);
    const expected = await post('/v2/puzzles/cube2:solve', { start: painted, goal: CUBE_SOLVED });
    assert.equal(expected.status, 400);
    assert.equal(expected.body.message, 'start: 5 stickers of colour U (each colour covers 4)');
    const error = byTestId('cube2-error');
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), expected.body.message);
    assert.equal(await byTestId('cube2-check').getAttribute('data-status'), 'invalid');
    assert.equal(await byTestId('cube2-start').getAttribute('aria-invalid'), 'true');
    await shot('cube2-painted-error');
    // Painted back red (from the keyboard: the letter picks the colour and paints), it is a cube.
    await byTestId('cube2-sticker-4').focus();
    await page.keyboard.press('r');
    assert.equal(await byTestId('cube2-colour-R').getAttribute('aria-checked'), 'true');
    assert.equal(await byTestId('cube2-start').inputValue(), CUBE_SOLVED);
    await error.waitFor({ state: 'hidden' });
    await page.waitForSelector('[data-testid="cube2-check"][data-status="valid"]');
    // Arrows move along the net (R1 -> R2 -> R1 -> F2); Enter paints with the picked colour.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'cube2-sticker-9');
    await page.keyboard.press('Enter');
    const oneRed = 'UUUURRRRFRFFDDDDLLLLBBBB';
    assert.equal(await byTestId('cube2-start').inputValue(), oneRed);
    const corner = await post('/v2/puzzles/cube2:solve', { start: oneRed, goal: CUBE_SOLVED });
    assert.equal(corner.status, 400);
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), corner.body.message);
    // Solve shows the same message.
    await byTestId('cube2-solve').click();
    await page.waitForSelector('[data-testid="cube2-solve"]:not([aria-busy])');
    assert.equal((await error.textContent()).trim(), corner.body.message);
    await byTestId('cube2-start').fill(CUBE_SOLVED);
    await error.waitFor({ state: 'hidden' });
  });

  it('scrambles the cube to a random state at least the minimum distance away, and solves it', async () => {
    const info = puzzles.find((p) => p.name === 'cube2');
    assert.equal(info.minScrambleDistance, 4);
    await byTestId('cube2-goal-default').click();
    const sent = page.waitForRequest((r) => r.url().endsWith('/v2/puzzles/cube2:scramble'));
    await byTestId('cube2-scramble').click();
    const body = (await sent).postDataJSON();
    assert.equal(body.randomState, true);
    assert.equal(body.moves, 0);
    assert.match(body.seed, /^\d+$/);
    await page.waitForSelector('[data-testid="cube2-scramble"]:not([aria-busy])');
    const start = await byTestId('cube2-start').inputValue();
    assert.match(start, /^[URFDLB]{24}$/);
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), start);
    assert.equal(await drawnCube('[data-testid="cube2-net"]'), start);
    const expected = await post('/v2/puzzles/cube2:solve', { start, goal: '', includeBoards: true });
    assert.equal(expected.status, 200);
    assert.ok(expected.body.distance >= info.minScrambleDistance, JSON.stringify(expected.body));
    let board = start;
    for (const m of expected.body.moves.split(' ')) board = applyCube(board, m);
    assert.equal(board, expected.body.boards[expected.body.boards.length - 1]);
    await byTestId('cube2-speed').fill('5');
    await byTestId('cube2-solve').click();
    await page.waitForSelector(`[data-testid="cube2-distance"][data-distance="${expected.body.distance}"]`);
    await waitForStatus('cube2-player', 'done');
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), board);
    assert.equal(await byTestId('cube2-moves').getAttribute('data-moves'), expected.body.moves);
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), board);
  });

  it('answers R U2 F\' R2 in 6 quarter turns in the quarter-turn metric', async () => {
    await showTab('cube2');
    const metrics = await byTestId('cube2-metric').evaluate((el) => [...el.options].map((o) => o.value));
    assert.deepEqual(metrics, ['htm', 'qtm']);
    await byTestId('cube2-metric').selectOption('qtm');
    await byTestId('cube2-speed').fill('5');
    await byTestId('cube2-start').fill("R U2 F' R2");
    await byTestId('cube2-goal').fill('');
    await byTestId('cube2-solve').click();
    await page.waitForSelector('[data-testid="cube2-distance"][data-distance="6"]');
    await waitForStatus('cube2-player', 'done');
    assert.equal(await byTestId('cube2-moves').getAttribute('data-moves'), "R R F U U R'");
    assert.equal(await byTestId('cube2-board').getAttribute('data-board'), CUBE_SOLVED);
    assert.equal(await byTestId('cube2-board').getAttribute('data-step'), '6');
    assert.equal(await drawnCube('[data-testid="cube2-cube"]'), CUBE_SOLVED);
    await shot('cube2-qtm-solved');
    await byTestId('cube2-metric').selectOption('htm');
  });

  it('solves the 3x3x3 optimally, streams a long optimal search\'s progress and cancels it', async () => {
    await showTab('cube3');
    const modes = await byTestId('cube3-mode').evaluate((el) => [...el.options].map((o) => o.value));
    assert.deepEqual(modes, ['near_optimal', 'optimal']);
    await byTestId('cube3-mode').selectOption('optimal');
    await byTestId('cube3-speed').fill('5');
    await byTestId('cube3-start').fill("R U2 F' R2 D L'");
    await byTestId('cube3-goal').fill('');
    await byTestId('cube3-solve').click();
    await page.waitForSelector('[data-testid="cube3-distance"][data-distance="6"]', { timeout: 20000 });
    await waitForStatus('cube3-player', 'done');
    // The lex-min optimal sequence, with the search's nodes as the server counted them.
    assert.equal(await byTestId('cube3-moves').getAttribute('data-moves'), "L D' R2 F U2 R'");
    assert.match(await byTestId('cube3-nodes').getAttribute('data-nodes'), /^[1-9]\d*$/);
    assert.equal(await byTestId('cube3-search').getAttribute('data-status'), 'done');
    // A random state takes minutes: progress streams in, and Cancel stops the search.
    const random = await post('/v2/puzzles/cube3:scramble', { goal: '', moves: 0, seed: '3', randomState: true });
    assert.equal(random.status, 200);
    await byTestId('cube3-start').fill(random.body.board);
    await byTestId('cube3-solve').click();
    await page.waitForSelector('[data-testid="cube3-search"][data-status="searching"][data-bound]', { timeout: 20000 });
    assert.ok(await byTestId('cube3-cancel').isVisible());
    assert.match(await byTestId('cube3-search').textContent(), /Searching.*bound \d+, [\d,]+ nodes, \d+\.\d s/s);
    await shot('cube3-optimal-searching');
    await byTestId('cube3-cancel').click();
    await page.waitForSelector('[data-testid="cube3-search"][data-status="cancelled"]');
    assert.equal(await byTestId('cube3-error').isVisible(), false);
    assert.equal(await byTestId('cube3-distance').getAttribute('data-distance'), null);
    assert.equal(await byTestId('cube3-solve').isDisabled(), false);
    await byTestId('cube3-mode').selectOption('near_optimal');
  });

  // A second server, whose --max_search_time (2 s) ends an optimal search long before its end: the
  // error box shows the bound proven and the best solution known, and that solution (the
  // near-optimal mode's answer, fetched again with its boards) plays to solved. No distance is
  // shown: the minimum is not proven.
  it('3x3x3: a deadline shows the bound proven and plays the best solution known', async () => {
    const capped = await startServer(['--puzzles=cube3', '--max_search_time=2s']);
    const p = await context.newPage();
    const errors = [];
    p.on('pageerror', (e) => errors.push(String(e)));
    try {
      const call = async (endpoint, body) => (await fetch(`${capped.base}${endpoint}`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      })).json();
      const random = await call('/v2/puzzles/cube3:scramble', { goal: '', moves: 0, seed: '3', randomState: true });
      const near = await call('/v2/puzzles/cube3:solve', { start: random.board });
      assert.ok(near.distance >= 16 && near.distance <= 20, JSON.stringify(near));
      const id = (x) => p.locator(`[data-testid="${x}"]`);
      await p.goto(`${capped.base}/`);
      await p.waitForSelector('html[data-playground="ready"]');
      await id('tab-cube3').click();
      await id('panel-cube3').waitFor({ state: 'visible' });
      await id('cube3-mode').selectOption('optimal');
      await id('cube3-speed').fill(await id('cube3-speed').getAttribute('max'));
      await id('cube3-start').fill(random.board);
      await id('cube3-goal').fill('');
      await id('cube3-solve').click();
      await p.waitForSelector('[data-testid="cube3-search"][data-status="failed"]', { state: 'attached', timeout: 60000 });
      const message = await id('cube3-error').textContent();
      assert.match(message, /search stopped by --max_search_time \(2s\) after .* nodes; the optimal length is at least \d+; the best solution known is \d+ moves, not proven optimal: /);
      assert.ok(message.trim().endsWith(`: ${near.moves}`), message);
      await p.waitForSelector('[data-testid="cube3-player"][data-status="done"]', { timeout: 60000 });
      assert.equal(await id('cube3-moves').getAttribute('data-moves'), near.moves);
      assert.equal(await id('cube3-board').getAttribute('data-board'), 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
      assert.equal(await id('cube3-distance').getAttribute('data-distance'), null);
      assert.ok(await id('cube3-error').isVisible());
      await shot('cube3-optimal-deadline', p);
      assert.deepEqual(errors, []);
    } finally {
      await p.close();
      assert.equal(await stopServer(capped.proc), 0, `the capped server did not exit cleanly; stderr:\n${capped.stderr()}`);
    }
  });

  // ------------------------------------------------------------ every puzzle of the registry
  // Drives the panel of puzzle `info` on page `p` through web/README.md's conventions alone:
  // every example plays to the server's own last board and distance; a malformed board shows
  // the server's own message on the field it names. `p` shows the panel's tab already.
  const driveView = async (p, info, shotName) => {
    const name = info.name;
    const panel = `[data-testid="panel-${name}"]`;
    assert.equal(await p.locator(panel).getAttribute('data-view'), 'ready');
    const prefix = await p.locator(panel).getAttribute('data-prefix');
    assert.ok(prefix, `${panel} has no data-prefix`);
    const part = (id) => p.locator(`${panel} [data-testid="${prefix}-${id}"]`);
    const speed = part('speed');
    await speed.fill(await speed.getAttribute('max'));
    const examples = p.locator(`${panel} [data-testid="${prefix}-example"]`);
    const count = await examples.count();
    assert.ok(count > 0, `${name}: no ${prefix}-example buttons`);
    for (let i = 0; i < count; i++) {
      const example = examples.nth(i);
      const start = await example.getAttribute('data-start');
      const goal = await example.getAttribute('data-goal');
      assert.ok(start !== null, `${name}: example ${i} has no data-start`);
      const request = { start, includeBoards: true };
      if (info.hasGoal && goal !== null) request.goal = goal;
      const expected = await post(`/v2/puzzles/${name}:solve`, request);
      assert.equal(expected.status, 200, `${name} example ${JSON.stringify(request)}: ${JSON.stringify(expected.body)}`);
      const answer = expected.body;
      await example.click();
      await p.waitForSelector(`${panel} [data-testid="${prefix}-distance"][data-distance="${answer.distance}"]`, { timeout: 60000 });
      if (answer.solvable) {
        await p.waitForSelector(`${panel} [data-testid="${prefix}-player"][data-status="done"]`, { timeout: 60000 });
        assert.equal(await part('board').getAttribute('data-board'), answer.boards[answer.boards.length - 1], `${name} example ${i}`);
        assert.equal(await part('board').getAttribute('data-step'), String(answer.distance));
        assert.equal(await part('moves').getAttribute('data-moves'), answer.moves);
        assert.equal((await part('distance').textContent()).trim(), String(answer.distance));
      } else {
        assert.equal(answer.distance, -1);
        assert.equal(await part('player').getAttribute('data-status'), 'empty');
        assert.ok(await part('unsolvable').isVisible(), `${name} example ${i}: no ${prefix}-unsolvable banner`);
      }
    }
    await shot(shotName, p);
    // A malformed board: the server's own message, on the field it names.
    const field = p.locator(`${panel} [data-field="${info.startField}"]`);
    const first = await examples.first().getAttribute('data-start');
    const bad = first.replace(/\S/, 'Y');
    const request = { start: bad };
    const goalField = p.locator(`${panel} [data-field="goal"]`);
    if (info.hasGoal && await goalField.count()) request.goal = await goalField.inputValue();
    const expected = await post(`/v2/puzzles/${name}:solve`, request);
    assert.equal(expected.status, 400, JSON.stringify(expected.body));
    await field.fill(bad);
    await part('solve').click();
    await part('error').waitFor({ state: 'visible' });
    assert.equal((await part('error').textContent()).trim(), expected.body.message);
    const named = expected.body.message.split(':')[0];
    assert.equal(await p.locator(`${panel} [data-field="${named}"]`).getAttribute('aria-invalid'), 'true');
    await shot(`${shotName}-error`, p);
    await field.fill(first);
    await part('error').waitFor({ state: 'hidden' });
  };

  it('drives every puzzle of the registry through its view (examples, bad board)', async (t) => {
    for (const info of puzzles) {
      await t.test(info.name, async () => {
        await showTab(info.name);
        assert.equal(new URL(page.url()).hash, `#${info.name}`);
        await driveView(page, info, `tab-${info.name}`);
      });
    }
  });

  it('drives web/README.md\'s view sketch the same way, in place of a sliding puzzle\'s view', async () => {
    const info = puzzles.find((p) => p.blankSymbol);
    assert.ok(info, 'no sliding puzzle in the registry');
    // The sketch, with the real view's examples.
    const prefix = await byTestId(`panel-${info.name}`).getAttribute('data-prefix');
    const examples = await page.locator(`[data-testid="panel-${info.name}"] [data-testid="${prefix}-example"]`).evaluateAll((els) =>
      els.map((e) => ({ start: e.dataset.start, goal: e.dataset.goal || '', note: (e.querySelector('span') || e).textContent.trim() })));
    const readme = fs.readFileSync(path.join(here, '..', '..', 'web', 'README.md'), 'utf8');
    const sketch = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((c) => c.includes('export function mount') && c.includes('const EXAMPLES'));
    assert.ok(sketch, 'web/README.md has no view sketch');
    const view = sketch.replace(/^const EXAMPLES = .*$/m, `const EXAMPLES = ${JSON.stringify(examples)};`);
    assert.notEqual(view, sketch);
    const other = await context.newPage();
    const errors = [];
    const foreign = [];
    watch(other, errors, foreign);
    await other.route(`${server.base}/views/${info.name}.js`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: view }));
    try {
      await other.goto(`${server.base}/#${info.name}`);
      await other.waitForSelector('html[data-playground="ready"]');
      const panel = other.locator(`[data-testid="panel-${info.name}"]`);
      assert.equal(await panel.getAttribute('data-view'), 'ready', await panel.textContent());
      assert.equal(await panel.getAttribute('data-prefix'), 'sketch');
      await driveView(other, info, 'readme-sketch');
    } finally {
      await other.close();
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(foreign, []);
  });

  // ------------------------------------------------------------ tabs, hash, failures
  it('follows the hash and the tabs keyboard pattern', async () => {
    const [a, b] = puzzles;
    await byTestId(`tab-${a.name}`).click();
    await byTestId(`tab-${a.name}`).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await byTestId(`tab-${b.name}`).getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), `tab-${b.name}`);
    assert.equal(await byTestId(`panel-${a.name}`).isVisible(), false);
    assert.equal(new URL(page.url()).hash, `#${b.name}`);
    await page.keyboard.press('Home');
    assert.equal(await byTestId(`tab-${a.name}`).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('End');
    assert.equal(await byTestId(`tab-${puzzles[puzzles.length - 1].name}`).getAttribute('aria-selected'), 'true');
    // A hash change selects its tab; a view's test-id prefix (old links: #rotation) works too.
    await page.evaluate((name) => { location.hash = name; }, a.name);
    await byTestId(`panel-${a.name}`).waitFor({ state: 'visible' });
    // A fresh load follows the hash too.
    const load = async (hash) => {
      await page.evaluate((h) => history.replaceState(null, '', h), hash);
      await page.reload();
      await page.waitForSelector('html[data-playground="ready"]');
    };
    await load('#rotation');
    await byTestId('panel-rotation-game').waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).hash, '#rotation-game');
    await load('#eight');
    assert.equal(await byTestId('tab-eight').getAttribute('aria-selected'), 'true');
    await shot('tab-eight-fresh');
  });

  it('shows a view that fails in its own panel and keeps the others working', async () => {
    const other = await context.newPage();
    const errors = [];
    const foreign = [];
    watch(other, errors, foreign);
    const broken = puzzles[0].name;
    const working = puzzles[1];
    await other.route(`${server.base}/views/${broken}.js`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("this view is broken");' }));
    try {
      await other.goto(`${server.base}/#${broken}`);
      await other.waitForSelector('html[data-playground="ready"]');
      const box = other.locator(`[data-testid="panel-${broken}-error"]`);
      await box.waitFor({ state: 'visible' });
      assert.match(await box.textContent(), /could not be loaded.*this view is broken/);
      assert.equal(await other.locator(`[data-testid="panel-${broken}"]`).getAttribute('data-view'), 'error');
      await shot(`view-failed-${broken}`, other);
      await other.locator(`[data-testid="tab-${working.name}"]`).click();
      assert.equal(await other.locator(`[data-testid="panel-${working.name}"]`).getAttribute('data-view'), 'ready');
      const prefix = await other.locator(`[data-testid="panel-${working.name}"]`).getAttribute('data-prefix');
      await other.locator(`[data-testid="${prefix}-example"]`).first().click();
      await other.waitForSelector(`[data-testid="${prefix}-distance"][data-distance]`);
    } finally {
      await other.close();
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(foreign, []);
  });

  it('made no request outside the server and raised no page errors', () => {
    assert.deepEqual(foreignRequests, []);
    assert.deepEqual(pageErrors, []);
  });
});

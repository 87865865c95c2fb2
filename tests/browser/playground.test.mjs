// Real-browser test of the web playground (GET /): the real server binary, Debian's headless
// Chromium, driven by playwright-core. Run it through tools/browser_test.sh, or by hand:
//
//   PUZZLE_ORACLE_SERVER=/path/to/bazel-bin/server/puzzle_oracle_server node --test playground.test.mjs
//
// Environment:
//   PUZZLE_ORACLE_SERVER        the server binary (required). The tables are taken from its Bazel
//                               runfiles tree (<binary>.runfiles/puzzle_oracle/data/*.tbl), or else
//                               from <binary's dir>/../data/, or from PUZZLE_ORACLE_TABLES_DIR.
//   PUZZLE_ORACLE_TABLES_DIR    a folder holding eight.tbl and rotation.tbl (optional).
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
function serverCommand() {
  const bin = process.env.PUZZLE_ORACLE_SERVER;
  if (!bin) throw new Error('set PUZZLE_ORACLE_SERVER to the puzzle_oracle_server binary');
  if (!fs.existsSync(bin)) throw new Error(`PUZZLE_ORACLE_SERVER=${bin}: no such file`);
  const args = ['--address=127.0.0.1:0', '--http_address=127.0.0.1:0'];
  const runfiles = `${bin}.runfiles/puzzle_oracle`;
  const candidates = [
    process.env.PUZZLE_ORACLE_TABLES_DIR,
    path.join(runfiles, 'data'),
    path.join(path.dirname(bin), '..', 'data'),
  ].filter(Boolean);
  const dir = candidates.find((d) => fs.existsSync(path.join(d, 'eight.tbl')) && fs.existsSync(path.join(d, 'rotation.tbl')));
  if (!dir) throw new Error(`no eight.tbl and rotation.tbl in any of: ${candidates.join(', ')} (build //data:all)`);
  args.push(`--tables=${path.resolve(dir, 'eight.tbl')}`, `--rotation_tables=${path.resolve(dir, 'rotation.tbl')}`);
  return { bin: path.resolve(bin), args };
}

// Starts the server and resolves to {proc, base} once it prints "HTTP on 127.0.0.1:PORT;".
function startServer() {
  const { bin, args } = serverCommand();
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
// The page has its own; these follow the README's definitions so that the test does not trust it.
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

// ---------------------------------------------------------------- the test
describe('web playground in headless Chromium', () => {
  let server;
  let context;
  let page;
  let userDataDir;
  const pageErrors = [];
  const foreignRequests = [];

  const shot = async (name) => {
    fs.mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`screenshot: ${file}`);
  };
  const byTestId = (id) => page.locator(`[data-testid="${id}"]`);
  // The server's own answer to a request, straight over HTTP (no browser).
  const post = async (endpoint, body) => {
    const response = await fetch(`${server.base}${endpoint}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const waitForStatus = (player, status, timeout = 30000) =>
    page.waitForSelector(`[data-testid="${player}"][data-status="${status}"]`, { timeout });

  before(async () => {
    server = await startServer();
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
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('console', (m) => {
      // Chromium logs every HTTP error response; the bad-board tests cause two 400s on purpose.
      if (m.type() === 'error' && !/status of 400 \(Bad Request\)/.test(m.text())) pageErrors.push(`console: ${m.text()}`);
    });
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(`${server.base}/`) && !url.startsWith('data:')) foreignRequests.push(url);
    });
    const response = await page.goto(`${server.base}/`);
    assert.equal(response.status(), 200);
  });

  after(async () => {
    if (context) await context.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    if (server) {
      const code = await stopServer(server.proc);
      assert.equal(code, 0, `the server did not exit cleanly on SIGTERM; stderr:\n${server.stderr()}`);
    }
  });

  it('serves one self-contained page', async () => {
    assert.match(await page.title(), /Puzzle oracle/);
    const html = await (await fetch(`${server.base}/`)).text();
    assert.doesNotMatch(html, /<script[^>]*\ssrc=|<link[^>]*stylesheet|@import|url\(\s*['"]?(https?:)?\/\//i,
      'the page must not load scripts, styles or fonts from anywhere');
    await byTestId('eight-board').waitFor();
    // Before any solve the board shows the start as typed.
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '564178X23');
    assert.equal(await byTestId('eight-player').getAttribute('data-status'), 'empty');
  });

  it('solves 564178X23 -> 7568X4123 and animates to the goal', async () => {
    await byTestId('eight-start').fill('564178X23');
    await byTestId('eight-goal').fill('7568X4123');
    const expected = await post('/v1/eight:solve', { start: '564178X23', goal: '7568X4123' });
    assert.deepEqual(expected.body, { solvable: true, distance: 8, moves: 'urrulldr' });
    await byTestId('eight-solve').click();
    await waitForStatus('eight-player', 'playing');
    await page.waitForSelector('[data-testid="eight-board"][data-step="3"]');
    await shot('eight-playing');
    await waitForStatus('eight-player', 'done');
    const board = byTestId('eight-board');
    assert.equal(await board.getAttribute('data-board'), '7568X4123');
    assert.equal(await board.getAttribute('data-step'), '8');
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
      for (const tile of el.querySelectorAll('.tile')) {
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

  it('steps back, forward, to the start and to the end', async () => {
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
    const expected = await post('/v1/eight:solve', { start: bad, goal: '12345678X' });
    assert.equal(expected.status, 400);
    await byTestId('eight-start').fill(bad);
    await byTestId('eight-solve').click();
    const error = byTestId('eight-error');
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), expected.body.message);
    assert.match(expected.body.message, /^start: symbol 'Y' at position/);
    assert.equal(await byTestId('eight-start').getAttribute('aria-invalid'), 'true');
    await shot('eight-error');
    // Editing the board clears the message.
    await byTestId('eight-start').fill('12345678X');
    await error.waitFor({ state: 'hidden' });
  });

  it('edits the start with the keyboard (arrow keys move the blank)', async () => {
    await byTestId('eight-start').fill('12345678X');
    await byTestId('eight-board').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await byTestId('eight-start').inputValue(), '1234X5786');
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '1234X5786');
  });

  it('scrambles to a solvable start and solves it at top speed', async () => {
    await byTestId('eight-goal-default').click();
    await byTestId('eight-scramble').click();
    const start = await byTestId('eight-start').inputValue();
    assert.match(start, /^[1-8X]{9}$/);
    const expected = await post('/v1/eight:solve', { start, goal: '' });
    assert.equal(expected.body.solvable, true, `scramble produced an unsolvable start ${start}`);
    await byTestId('eight-speed').fill('5');
    await byTestId('eight-solve').click();
    await waitForStatus('eight-player', 'done');
    assert.equal(await byTestId('eight-board').getAttribute('data-board'), '12345678X');
    assert.equal((await byTestId('eight-distance').textContent()).trim(), String(expected.body.distance));
    let board = start;
    for (const m of expected.body.moves) board = applyEight(board, m);
    assert.equal(board, '12345678X');
  });

  it('solves the Rotation Game sample and animates the ops', async () => {
    await byTestId('tab-rotation').click();
    await byTestId('panel-rotation').waitFor({ state: 'visible' });
    const sample = '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3';
    const expected = await post('/v1/rotation:solve', { board: sample });
    assert.deepEqual(expected.body, { distance: 2, moves: 'AC', centre: 2 });
    await byTestId('rotation-input').fill(sample);
    await byTestId('rotation-solve').click();
    await waitForStatus('rotation-player', 'playing');
    await page.waitForSelector('[data-testid="rotation-op-A"].active');
    await page.waitForTimeout(150);
    await shot('rotation-playing');
    await waitForStatus('rotation-player', 'done');
    const final = await byTestId('rotation-board').getAttribute('data-board');
    const want = applyRotation(applyRotation(sample.replace(/ /g, ''), 'A'), 'C');
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
    const expected = await post('/v1/rotation:solve', { board: bad });
    assert.equal(expected.status, 400);
    await byTestId('rotation-input').fill(bad);
    await byTestId('rotation-solve').click();
    const error = byTestId('rotation-error');
    await error.waitFor({ state: 'visible' });
    assert.equal((await error.textContent()).trim(), expected.body.message);
    assert.match(expected.body.message, /^board: 9 ones, 8 twos and 7 threes/);
    await shot('rotation-error');
  });

  it('made no request outside the server and raised no page errors', () => {
    assert.deepEqual(foreignRequests, []);
    assert.deepEqual(pageErrors, []);
  });
});

// The playground's app (web/README.md): one tab and one panel per puzzle the server serves, in
// the order of GET /v2/puzzles; each panel is filled by that puzzle's view module,
// GET /views/<name>.js, through its mount(panel, info, shared). Tabs follow the location hash
// (#<name>) and the WAI-ARIA tabs keyboard pattern; the footer lists the tables the server
// loaded (GET /v2/tables). Nothing here names a puzzle: a new puzzle's view needs no edit here.
//
// When everything has settled, <html> gets data-playground="ready" (tests wait for it); every
// panel then has data-view="ready" or, when its view failed, data-view="error" and an error box
// (data-testid="panel-<name>-error"), the other panels unaffected.

import * as player from './player.js';
import * as panelParts from './panel.js';
import * as sliding from './sliding.js';
import * as slidingView from './sliding_view.js';

// What every view's mount() receives (web/README.md lists it).
const shared = Object.freeze({ ...player, ...panelParts, ...sliding, ...slidingView });

const $ = (id) => document.getElementById(id);
const entries = [];        // {info, tab, panel}, in the server's order
const prefixes = new Map();  // test-id prefix -> the puzzle name whose view took it

async function getJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error('GET ' + path + ': HTTP ' + response.status);
  return response.json();
}

function selectTab(entry, focus) {
  for (const e of entries) {
    const selected = e === entry;
    e.tab.setAttribute('aria-selected', String(selected));
    e.tab.tabIndex = selected ? 0 : -1;
    e.panel.hidden = !selected;
  }
  if (focus) entry.tab.focus();
  const hash = '#' + entry.info.name;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// The entry the location hash names: a puzzle's name, or a view's test-id prefix (so that links
// made when tabs were named after the prefixes still work).
function entryFromHash(hash = location.hash) {
  let name = '';
  try { name = decodeURIComponent(hash.slice(1)); } catch (_) { return null; }
  if (!name) return null;
  return entries.find((e) => e.info.name === name) ||
      entries.find((e) => e.panel.dataset.prefix === name) || null;
}

function onTabKey(e, i) {
  let next = -1;
  if (e.key === 'ArrowRight') next = (i + 1) % entries.length;
  else if (e.key === 'ArrowLeft') next = (i + entries.length - 1) % entries.length;
  else if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = entries.length - 1;
  if (next < 0) return;
  e.preventDefault();
  selectTab(entries[next], true);
}

function addPuzzle(info, i) {
  const tab = document.createElement('button');
  tab.type = 'button';
  tab.className = 'tab';
  tab.setAttribute('role', 'tab');
  tab.id = 'tab-' + info.name;
  tab.dataset.testid = 'tab-' + info.name;
  tab.setAttribute('aria-controls', 'panel-' + info.name);
  tab.setAttribute('aria-selected', 'false');
  tab.tabIndex = -1;
  tab.textContent = info.title || info.name;
  const panel = document.createElement('section');
  panel.id = 'panel-' + info.name;
  panel.dataset.testid = 'panel-' + info.name;
  panel.dataset.puzzle = info.name;
  panel.dataset.view = 'loading';
  panel.setAttribute('role', 'tabpanel');
  panel.setAttribute('aria-labelledby', tab.id);
  panel.hidden = true;
  const loading = document.createElement('p');
  loading.className = 'panel-status';
  loading.textContent = 'Loading the ' + (info.title || info.name) + ' view\u2026';
  panel.append(loading);
  $('tabs').append(tab);
  $('panels').append(panel);
  const entry = { info, tab, panel };
  entries.push(entry);
  tab.addEventListener('click', () => selectTab(entry, false));
  tab.addEventListener('keydown', (e) => onTabKey(e, i));
}

function viewFailed({ info, panel }, error) {
  console.warn('view ' + info.name + ':', error);
  panel.textContent = '';
  panel.dataset.view = 'error';
  const box = document.createElement('div');
  box.className = 'error';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'panel-' + info.name + '-error';
  const strong = document.createElement('strong');
  strong.textContent = 'The ' + (info.title || info.name) + ' view could not be loaded.';
  const api = document.createElement('code');
  api.textContent = 'POST /v2/puzzles/' + info.name + ':solve';
  box.append(strong, String((error && error.message) || error) + '. The API still answers: ', api, '.');
  panel.append(box);
}

async function loadView(entry) {
  const { info, panel } = entry;
  try {
    const view = await import('/views/' + encodeURIComponent(info.name) + '.js');
    if (typeof view.mount !== 'function') throw new Error('/views/' + info.name + '.js exports no mount(panel, info, shared)');
    const prefix = typeof view.prefix === 'string' && view.prefix ? view.prefix : info.name;
    if (prefixes.has(prefix)) throw new Error('its test-id prefix \u201c' + prefix + '\u201d is taken by ' + prefixes.get(prefix));
    prefixes.set(prefix, info.name);
    panel.dataset.prefix = prefix;
    panel.textContent = '';
    await view.mount(panel, info, shared);
    panel.dataset.view = 'ready';
  } catch (error) {
    viewFailed(entry, error);
  }
}

// Best effort: the tables the server loaded, in the footer.
async function showTables() {
  try {
    const info = await getJson('/v2/tables');
    if (!Array.isArray(info.tables)) return;
    const p = document.createElement('p');
    p.dataset.testid = 'tables-loaded';
    p.textContent = 'Tables: ' + info.tables.map((t) => t.puzzle + ': ' + t.table + '.tbl v' + t.formatVersion +
        ' (xxh3 ' + String(t.headerChecksum).slice(0, 8) + ')').join(' \u00b7 ');
    $('tables-info').after(p);
  } catch (_) { /* the footer just stays shorter */ }
}

async function main() {
  showTables();
  let puzzles;
  try {
    puzzles = (await getJson('/v2/puzzles')).puzzles;
    if (!Array.isArray(puzzles) || puzzles.length === 0) throw new Error('the server serves no puzzles');
  } catch (error) {
    const box = document.createElement('div');
    box.className = 'error';
    box.setAttribute('role', 'alert');
    box.dataset.testid = 'puzzles-error';
    box.textContent = 'Could not load the list of puzzles (GET /v2/puzzles): ' + error.message;
    $('panels').replaceChildren(box);
    document.documentElement.dataset.playground = 'error';
    return;
  }
  $('panels').textContent = '';
  puzzles.forEach(addPuzzle);
  const requested = location.hash;
  selectTab(entryFromHash() || entries[0], false);
  const shown = location.hash;
  await Promise.all(entries.map(loadView));
  // Views are in: a hash naming a view's prefix (an old link) can be followed now, unless a tab
  // was chosen meanwhile.
  const wanted = entryFromHash(requested);
  if (wanted && location.hash === shown && '#' + wanted.info.name !== shown) selectTab(wanted, false);
  window.addEventListener('hashchange', () => {
    const entry = entryFromHash();
    if (entry) selectTab(entry, false);
  });
  document.documentElement.dataset.playground = 'ready';
}

main();

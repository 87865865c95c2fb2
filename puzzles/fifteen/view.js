// The 15-puzzle's playground view (interim: the minimal sliding view of web/README.md).
export const prefix = 'fifteen';
const EXAMPLES = [
  { start: '123456789ABCDEXF', goal: '', note: 'one move' },
  { start: '1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15', goal: '', note: 'AIZU sample, 8' },
];

export function mount(panel, info, shared) {
  const { escapeHtml: esc } = shared;
  const id = (part) => prefix + '-' + part;
  panel.innerHTML = `<div class="layout"><div class="card">
      <form novalidate>
        <div class="field"><label for="${id('start')}">Start</label>
          <input type="text" id="${id('start')}" data-testid="${id('start')}" data-field="${esc(info.startField)}"></div>
        <div class="field"><label for="${id('goal')}">Goal</label>
          <input type="text" id="${id('goal')}" data-testid="${id('goal')}" data-field="goal" value="${esc(info.defaultGoal)}"></div>
        <div id="${id('error')}" class="error" data-testid="${id('error')}" role="alert" hidden></div>
        <div class="actions"><button type="submit" class="btn primary" data-testid="${id('solve')}">Solve</button></div>
      </form>
      <ul class="examples">${EXAMPLES.map((e) => `<li><button type="button" class="example" data-testid="${id('example')}"
        data-start="${esc(e.start)}" data-goal="${esc(e.goal)}"><code>${esc(e.start)}</code><span>${esc(e.note)}</span></button></li>`).join('')}</ul>
    </div><div class="card" id="${id('stage')}">
      <div class="stats"><div class="stat"><span class="stat-label">Distance</span>
        <output class="stat-value" data-testid="${id('distance')}">–</output></div></div>
      <div class="banner warn" data-testid="${id('unsolvable')}" role="status" hidden>Unsolvable</div>
      <div class="board-area"><div data-testid="${id('board')}" tabindex="0"></div></div>
    </div></div>`;
  const $ = (part) => panel.querySelector(`[data-testid="${id(part)}"]`);
  const start = $('start'), goal = $('goal'), error = $('error'), distance = $('distance');
  const fields = [start, goal];
  let version = 0;  // answers to older requests are dropped
  const reset = () => {
    version++;
    shared.hideError(error, fields);
    distance.removeAttribute('data-distance');
    distance.textContent = '–';
    $('unsolvable').hidden = true;
  };
  const board = new shared.SlidingBoard($('board'), {
    rows: info.rows, cols: info.cols, blank: info.blankSymbol, name: 'Start board',
    onEdit: (s) => { start.value = s; reset(); player.clear(s, 'animate'); },
  });
  const player = new shared.Player({ prefix, label: info.title, board, baseMs: 300 });
  panel.querySelector(`#${id('stage')}`).append(player.el);
  player.bindKeys(panel);

  async function solve() {
    reset();
    const request = version;
    player.clear(shared.parseSliding(start.value, info));
    const answer = await shared.solve(info.name, { start: start.value, goal: goal.value });
    if (request !== version) return;
    if (!answer.ok) return shared.showError(error, answer.message, fields);
    const r = answer.data;
    distance.dataset.distance = String(r.distance);
    distance.textContent = String(r.distance);
    if (!r.solvable) { $('unsolvable').hidden = false; return; }
    player.load(r.boards, [...r.moves]);
    player.play();
  }
  panel.querySelector('form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });
  for (const input of fields) input.addEventListener('input', () => { reset(); player.clear(shared.parseSliding(start.value, info)); });
  for (const b of panel.querySelectorAll(`[data-testid="${id('example')}"]`)) {
    b.addEventListener('click', () => { start.value = b.dataset.start; goal.value = b.dataset.goal || info.defaultGoal; solve(); });
  }
  player.clear(null);
}

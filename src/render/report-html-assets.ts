// The style and script inlined in the HTML report: the page loads nothing (its Content-Security-
// Policy forbids every fetch), works from a file:// URL, and prints readably.

/** One colour per level; the level's name is also written in the cell, for grey print-outs. */
export const LEVEL_COLOURS: Readonly<Record<string, string>> = {
  read: '#d9f2d9',
  plan: '#d4e6fa',
  write: '#fde8b0',
  maintain: '#fbcf9c',
  admin: '#f3aaaa',
  custom: '#e2d3f6',
};

const levelRules = Object.entries(LEVEL_COLOURS)
  .map(([level, colour]) => `td.lvl-${level}, .legend .lvl-${level} { background: ${colour}; }`)
  .join('\n');

export const STYLE = `
body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 16px; color: #1b1b1b; }
h1 { font-size: 18px; margin: 0 0 4px; }
.meta { color: #555; margin: 0 0 12px; }
.controls { display: flex; gap: 16px; align-items: center; margin-bottom: 8px; flex-wrap: wrap; }
.controls input { font: inherit; padding: 3px 6px; width: 16em; }
.legend { margin: 0 0 10px; }
.legend span { display: inline-block; padding: 1px 8px; margin-right: 4px; border: 1px solid #ccc; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d0d0; padding: 2px 6px; }
thead th { position: sticky; top: 0; background: #fafafa; vertical-align: bottom; }
th.team span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
tr.project th { font-weight: 600; background: #f2f2f2; }
tr.workspace th { padding-left: 18px; }
td.cell { text-align: center; min-width: 3.5em; cursor: pointer; }
td.cell:focus { outline: 2px solid #333; }
td.violated { outline: 2px solid #b00000; outline-offset: -3px; font-weight: 600; }
#violations h2 { font-size: 14px; margin: 16px 0 4px; color: #b00000; }
#powers-title { font-size: 14px; margin: 16px 0 4px; }
th.flag span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
td.flag { text-align: center; min-width: 2em; }
td.flag.on { background: #f3aaaa; }
td.flag.unknown { color: #555; }
td.secret { font-weight: 600; }
.coverage { margin: 0 0 8px; padding: 4px 8px; border-left: 4px solid #888; background: #f4f4f4; }
.coverage.partial { border-color: #b00000; background: #fdecec; font-weight: 600; }
${levelRules}
[hidden] { display: none !important; }
#details { position: fixed; right: 16px; bottom: 16px; max-width: 28em; background: #fff; border: 1px solid #888; box-shadow: 0 2px 8px rgba(0,0,0,.2); padding: 8px 12px; }
#details h2 { font-size: 14px; margin: 0 0 4px; }
#details ul { margin: 4px 0; padding-left: 18px; }
@media print {
  .controls, #details, .hint { display: none !important; }
  body { margin: 0; font-size: 9pt; }
  thead { display: table-header-group; }
  thead th { position: static; }
  tr { break-inside: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

// Plain ES2017 in the page: the filters hide columns (teams) and rows (workspaces) whose name does
// not contain the text typed; a click (or Enter) on a cell shows its sources and permissions.
export const SCRIPT = `
(function () {
  var teamInput = document.getElementById('team-filter');
  var workspaceInput = document.getElementById('workspace-filter');
  var shown = document.getElementById('shown');
  var details = document.getElementById('details');
  function has(name, text) { return !text || name.toLowerCase().indexOf(text) >= 0; }
  function apply() {
    var t = teamInput.value.trim().toLowerCase();
    var w = workspaceInput.value.trim().toLowerCase();
    var hidden = [];
    var heads = document.querySelectorAll('th.team');
    var teamsShown = 0;
    // Column i + 1 of every row is team i (column 0 names the row).
    heads.forEach(function (th, i) { th.hidden = !has(th.dataset.team, t); if (th.hidden) hidden[i + 1] = true; else teamsShown++; });
    document.querySelectorAll('#matrix tbody tr').forEach(function (tr) { for (var i = 1; i < tr.cells.length; i++) tr.cells[i].hidden = hidden[i] === true; });
    var rows = 0, rowsShown = 0;
    document.querySelectorAll('tbody.group').forEach(function (group) {
      var any = false;
      group.querySelectorAll('tr.workspace').forEach(function (tr) { rows++; tr.hidden = !has(tr.dataset.name, w); if (!tr.hidden) { any = true; rowsShown++; } });
      var head = group.querySelector('tr.project');
      if (head) head.hidden = Boolean(w) && !any;
    });
    document.querySelectorAll('#powers tbody tr').forEach(function (tr) { tr.hidden = !has(tr.dataset.team, t); });
    shown.textContent = teamsShown + ' of ' + heads.length + ' teams, ' + rowsShown + ' of ' + rows + ' workspaces';
  }
  function show(td) {
    details.replaceChildren();
    var h = document.createElement('h2');
    h.textContent = td.dataset.team + ' on ' + td.dataset.target + ': ' + td.dataset.level;
    var list = document.createElement('ul');
    td.dataset.sources.split('; ').forEach(function (s) { var li = document.createElement('li'); li.textContent = s; list.appendChild(li); });
    var permissions = document.createElement('p');
    permissions.textContent = td.dataset.permissions;
    details.append(h, 'Sources:', list, permissions);
    details.hidden = false;
  }
  document.getElementById('matrix').addEventListener('click', function (e) { var td = e.target.closest('td.cell'); if (td) show(td); });
  document.getElementById('matrix').addEventListener('keydown', function (e) { var td = e.target.closest('td.cell'); if (td && e.key === 'Enter') show(td); });
  teamInput.addEventListener('input', apply);
  workspaceInput.addEventListener('input', apply);
  apply();
})();
`;

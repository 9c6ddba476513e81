// The filters and sorts of the HTML report, as plain ES2017 run in the page (docs/effective-access.md,
// "The HTML report"). The team filter hides the columns (and organization powers rows) whose team
// does not hold the text; the workspace filter keeps the rows whose workspace or project holds it
// (a project's name shows its workspaces); the level filter keeps the rows with a cell of that level
// in a column shown, then the columns with one in a row shown. Rows sort within their project by
// name, by the number of teams with access, or by the highest level (custom ranked below write,
// as what it allows is anything up to it); teams sort by name either way. After each change the
// matrix fires `matrix-filtered`, so the grid keeps its one tab stop on a cell shown.

export const FILTER_SCRIPT = `
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var matrix = $('matrix'), shown = $('shown');
  var teamInput = $('team-filter'), workspaceInput = $('workspace-filter'), levelInput = $('level-filter');
  var rowSort = $('row-sort'), columnSort = $('column-sort');
  var RANK = { none: 0, read: 1, plan: 2, custom: 3, write: 4, maintain: 5, admin: 6 };
  var list = function (nodes) { return Array.prototype.slice.call(nodes); };
  function has(name, text) { return !text || name.toLowerCase().indexOf(text) >= 0; }
  function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function hasLevel(tr, level, hidden) {
    return list(tr.cells).some(function (td, i) {
      if (i === 0 || hidden[i] || !td.classList.contains('cell')) return false;
      return level === 'changed' ? td.classList.contains('changed') : td.dataset.level === level;
    });
  }
  function apply() {
    var t = teamInput.value.trim().toLowerCase(), w = workspaceInput.value.trim().toLowerCase(), level = levelInput.value;
    var heads = list(matrix.querySelectorAll('th.team')), hidden = [];
    heads.forEach(function (th, i) { if (!has(th.dataset.team, t)) hidden[i + 1] = true; });
    var rows = 0, rowsShown = 0, shownRows = [];
    list(matrix.querySelectorAll('tbody.group')).forEach(function (group) {
      var head = group.querySelector('tr.project'), any = false;
      var projectNamed = Boolean(w) && Boolean(head.dataset.name) && has(head.dataset.name, w);
      list(group.querySelectorAll('tr.workspace')).forEach(function (tr) {
        rows++;
        var ok = (projectNamed || has(tr.dataset.name, w)) && (!level || hasLevel(tr, level, hidden));
        tr.hidden = !ok;
        if (ok) { any = true; rowsShown++; shownRows.push(tr); }
      });
      var headOk = any || ((!w || projectNamed) && (!level || hasLevel(head, level, hidden)));
      head.hidden = !headOk;
      if (headOk) shownRows.push(head);
    });
    if (level) heads.forEach(function (th, i) {
      var column = i + 1;
      var some = shownRows.some(function (tr) { var td = tr.cells[column]; return td.classList.contains('cell') && (level === 'changed' ? td.classList.contains('changed') : td.dataset.level === level); });
      if (!some) hidden[column] = true;
    });
    var teamsShown = 0;
    heads.forEach(function (th, i) { th.hidden = hidden[i + 1] === true; if (!th.hidden) teamsShown++; });
    list(matrix.querySelectorAll('tbody tr')).forEach(function (tr) { for (var i = 1; i < tr.cells.length; i++) tr.cells[i].hidden = hidden[i] === true; });
    list(document.querySelectorAll('#powers tbody tr')).forEach(function (tr) { tr.hidden = !has(tr.dataset.team, t); });
    shown.textContent = teamsShown + ' of ' + heads.length + ' teams, ' + rowsShown + ' of ' + rows + ' workspaces';
    matrix.dispatchEvent(new Event('matrix-filtered'));
  }
  function rowKey(tr, how) {
    var cells = list(tr.querySelectorAll('td.cell'));
    if (how === 'teams') return -cells.filter(function (td) { return td.dataset.level !== 'none'; }).length;
    if (how === 'level') return -cells.reduce(function (m, td) { return Math.max(m, RANK[td.dataset.level] || 0); }, 0);
    return 0;
  }
  function sortRows() {
    var how = rowSort.value;
    var groups = list(matrix.querySelectorAll('tbody.group'));
    groups.forEach(function (group, i) {
      if (group.dataset.order === undefined) group.dataset.order = String(i);
      var rows = list(group.querySelectorAll('tr.workspace'));
      rows.sort(function (a, b) { return rowKey(a, how) - rowKey(b, how) || cmp(a.dataset.name, b.dataset.name); });
      rows.forEach(function (tr) { group.appendChild(tr); });
      group.dataset.key = String(list(group.rows).reduce(function (m, tr) { return Math.min(m, rowKey(tr, how)); }, 0));
    });
    groups.sort(function (a, b) { return Number(a.dataset.key) - Number(b.dataset.key) || Number(a.dataset.order) - Number(b.dataset.order); });
    groups.forEach(function (group) { matrix.appendChild(group); });
  }
  function sortColumns() {
    var heads = list(matrix.querySelectorAll('th.team')), desc = columnSort.value === 'desc';
    var order = heads.map(function (th, i) { return i; }).sort(function (a, b) { var c = cmp(heads[a].dataset.team, heads[b].dataset.team); return desc ? -c : c; });
    list(matrix.querySelectorAll('tr')).forEach(function (tr) {
      var cells = list(tr.cells).slice(1);
      order.forEach(function (i) { tr.appendChild(cells[i]); });
    });
  }
  [teamInput, workspaceInput].forEach(function (input) { input.addEventListener('input', apply); });
  levelInput.addEventListener('change', apply);
  rowSort.addEventListener('change', function () { sortRows(); apply(); });
  columnSort.addEventListener('change', function () { sortColumns(); apply(); });
  apply();
})();
`;

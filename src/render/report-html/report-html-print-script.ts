// What the HTML report prints (docs/effective-access.md, "The HTML report"), built by the page when
// it loads, from the matrix as rendered (every team and row, in name order: what the screen's
// filters and sorts hide is printed all the same) and hidden on screen. The matrix is cut into
// sheets of at most PRINT_TEAMS_PER_SHEET teams by PRINT_ROWS_PER_SHEET rows of one line (the level), each on its own page
// with the first column (the rows' names) repeated and saying which teams and rows it holds, so a
// wide organization loses no column; then a compact appendix lists every cell with its team,
// target, access (a custom one in short, which says its permissions), sources and, with `--after`,
// its change. Built in the page rather than
// written out, so the file does not carry the matrix twice.

export const PRINT_TEAMS_PER_SHEET = 10;
export const PRINT_ROWS_PER_SHEET = 25;

export const PRINT_SCRIPT = `
(function () {
  var COLUMNS = ${PRINT_TEAMS_PER_SHEET}, ROWS = ${PRINT_ROWS_PER_SHEET};
  var matrix = document.getElementById('matrix');
  var list = function (nodes) { return Array.prototype.slice.call(nodes); };
  var heads = list(matrix.querySelectorAll('th.team'));
  var rows = list(matrix.querySelectorAll('tbody tr'));
  function el(tag, text, className) { var n = document.createElement(tag); if (text !== undefined) n.textContent = text; if (className) n.className = className; return n; }
  function sheet(c, r) {
    var section = el('section', undefined, 'print-sheet');
    var lastTeam = Math.min(c + COLUMNS, heads.length), lastRow = Math.min(r + ROWS, rows.length);
    section.appendChild(el('p', 'Effective access, teams ' + (c + 1) + ' to ' + lastTeam + ' of ' + heads.length + ', rows ' + (r + 1) + ' to ' + lastRow + ' of ' + rows.length, 'sheet-title'));
    var table = el('table', undefined, 'sheet');
    var head = el('tr');
    head.appendChild(el('th', 'project / workspace', 'corner'));
    heads.slice(c, lastTeam).forEach(function (th) { var h = el('th', undefined, 'pteam'); h.appendChild(el('span', th.dataset.team)); h.scope = 'col'; head.appendChild(h); });
    table.appendChild(el('thead')).appendChild(head);
    var tbody = table.appendChild(el('tbody'));
    rows.slice(r, lastRow).forEach(function (tr) {
      var out = el('tr', undefined, tr.className);
      if (tr.dataset.name !== undefined) out.dataset.name = tr.dataset.name;
      var th = el('th'); th.innerHTML = tr.cells[0].innerHTML; th.scope = 'row'; out.appendChild(th);
      // A sheet's cell says the level (and the change mark), one line, so a sheet is one page; the appendix says a custom one in short.
      list(tr.cells).slice(c + 1, lastTeam + 1).forEach(function (td) {
        var level = td.dataset.level === 'none' ? 'removed' : td.dataset.level || '';
        var printed = el('td', (td.querySelector('.mark') ? '\u25b2 ' : '') + level, td.className.replace('cell', 'pcell'));
        // The who-can answers (report-html-can-script.ts writes them in the sheets as on screen).
        if (td.dataset.can) printed.dataset.can = td.dataset.can;
        if (td.dataset.unknown) printed.dataset.unknown = td.dataset.unknown;
        out.appendChild(printed);
      });
      tbody.appendChild(out);
    });
    section.appendChild(table);
    return section;
  }
  var target = document.getElementById('print-matrix');
  for (var c = 0; c < Math.max(heads.length, 1); c += COLUMNS) for (var r = 0; r < rows.length; r += ROWS) target.appendChild(sheet(c, r));
  var appendix = document.getElementById('print-appendix');
  appendix.appendChild(el('h2', 'Appendix: every cell, with its sources (a custom one with what it allows)'));
  var table = el('table', undefined, 'appendix');
  var head = el('tr');
  // Compact: the access in short says a custom cell's permissions, and a fixed level's follow from it.
  ['team', 'target', 'access', 'sources', 'change'].forEach(function (name) { var th = el('th', name); th.scope = 'col'; head.appendChild(th); });
  table.appendChild(el('thead')).appendChild(head);
  var tbody = table.appendChild(el('tbody'));
  list(matrix.querySelectorAll('td.cell')).forEach(function (td) {
    var tr = el('tr');
    var before = td.dataset.before ? td.dataset.before + ' -> ' + td.dataset.after : '';
    [td.dataset.team, td.dataset.target, td.dataset.short || td.dataset.level, JSON.parse(td.dataset.sources || '[]').join(' | '), before].forEach(function (text) { tr.appendChild(el('td', text)); });
    tbody.appendChild(tr);
  });
  appendix.appendChild(table);
})();
`;

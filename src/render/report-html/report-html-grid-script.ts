// The matrix as one keyboard grid and its details panel, plain ES2017 run in the page
// (docs/effective-access.md, "The HTML report"). The grid is one tab stop (a roving tabindex: one
// cell 0, every other -1, moved by the arrow keys, Home and End, Ctrl+Home and Ctrl+End over the
// cells shown); Enter, Space or a click opens the panel, a non-modal dialog placed under the cell
// (never over it), focused when it opens and closed by its button or Escape, which hand the focus
// back to the cell; Tab and Shift+Tab cycle inside it. The panel fires `details-open` so the report by person adds the team's people.

export const GRID_SCRIPT = `
(function () {
  var matrix = document.getElementById('matrix');
  var details = document.getElementById('details');
  var title = document.getElementById('details-title');
  var body = document.getElementById('details-body');
  var list = function (nodes) { return Array.prototype.slice.call(nodes); };
  var opener = null;
  function shownRows() { return list(matrix.querySelectorAll('tbody tr')).filter(function (tr) { return !tr.hidden; }); }
  function shownCells(tr) { return tr ? list(tr.cells).filter(function (td, i) { return i > 0 && !td.hidden; }) : []; }
  function current() { return matrix.querySelector('tbody td[tabindex="0"]'); }
  function setStop(td) {
    var old = current();
    if (old) old.tabIndex = -1;
    td.tabIndex = 0;
  }
  function moveTo(td) { if (td) { setStop(td); td.focus(); } }
  list(matrix.querySelectorAll('tbody td')).forEach(function (td) { td.tabIndex = -1; });
  function keepStop() {
    var td = current();
    if (td && !td.hidden && !td.parentElement.hidden) return;
    var first = shownRows().map(function (tr) { return shownCells(tr); }).filter(function (cells) { return cells.length > 0; })[0];
    if (first) setStop(first[0]);
  }
  var start = matrix.querySelector('tbody td.cell') || matrix.querySelector('tbody td');
  if (start) setStop(start);
  keepStop();
  matrix.addEventListener('matrix-filtered', function () { setTimeout(keepStop, 0); });
  function line(text, className) { var p = document.createElement('p'); p.textContent = text; if (className) p.className = className; return p; }
  function place(td) {
    var box = td.getBoundingClientRect(), width = document.documentElement.clientWidth;
    var left = Math.max(8, Math.min(box.left, width - details.offsetWidth - 8));
    details.style.left = (left + window.scrollX) + 'px';
    details.style.top = (box.bottom + window.scrollY + 6) + 'px';
  }
  function open(td) {
    opener = td;
    var level = td.dataset.level === 'none' ? 'access removed by the plan' : td.dataset.level;
    title.textContent = td.dataset.team + ' on ' + td.dataset.target + ': ' + level;
    body.replaceChildren();
    if (td.dataset.before) body.append(line('Changed by the plan: ' + td.dataset.before + ' -> ' + td.dataset.after, 'change'));
    if (td.dataset.sources) {
      var sources = document.createElement('ul');
      JSON.parse(td.dataset.sources).forEach(function (s) { var li = document.createElement('li'); li.textContent = s; sources.appendChild(li); });
      body.append('Sources:', sources);
    }
    if (td.dataset.permissions) {
      // One permission a line: a run-on line of twelve key=value pairs is not read.
      var permissions = document.createElement('ul');
      permissions.className = 'permissions';
      td.dataset.permissions.split(', ').forEach(function (p) { var li = document.createElement('li'); li.textContent = p; permissions.appendChild(li); });
      body.append('Permissions:', permissions);
    }
    var answer = td.querySelector('.ans');
    if (answer) body.append(line('Can ' + answer.dataset.question + ': ' + answer.textContent, 'answer'));
    details.hidden = false;
    place(td);
    details.dispatchEvent(new CustomEvent('details-open', { detail: td }));
    details.focus();
  }
  function close() {
    details.hidden = true;
    if (opener) moveTo(opener);
    opener = null;
  }
  matrix.addEventListener('click', function (e) { var td = e.target.closest('td.cell'); if (td) { setStop(td); open(td); } });
  matrix.addEventListener('keydown', function (e) {
    var td = e.target.closest ? e.target.closest('tbody td') : null;
    if (!td) return;
    var rows = shownRows(), r = rows.indexOf(td.parentElement), row = shownCells(td.parentElement), c = row.indexOf(td);
    var next;
    if (e.key === 'ArrowRight') next = row[c + 1];
    else if (e.key === 'ArrowLeft') next = row[c - 1];
    else if (e.key === 'ArrowDown') next = shownCells(rows[r + 1])[c];
    else if (e.key === 'ArrowUp') next = shownCells(rows[r - 1])[c];
    else if (e.key === 'Home') next = e.ctrlKey ? shownCells(rows[0])[0] : row[0];
    else if (e.key === 'End') { var last = e.ctrlKey ? shownCells(rows[rows.length - 1]) : row; next = last[last.length - 1]; }
    else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); if (td.classList.contains('cell')) open(td); return; }
    else return;
    e.preventDefault();
    moveTo(next);
  });
  document.getElementById('details-close').addEventListener('click', close);
  // Tab and Shift+Tab stay in the open panel, cycling through what it can focus; Escape or Close leave it.
  details.addEventListener('keydown', function (e) {
    if (e.key !== 'Tab') return;
    var stops = list(details.querySelectorAll('button, a[href], input, select, textarea, [tabindex="0"]')).filter(function (n) { return !n.hidden && !n.disabled; });
    if (stops.length === 0) { e.preventDefault(); details.focus(); return; }
    var at = stops.indexOf(document.activeElement);
    var next = e.shiftKey ? (at <= 0 ? stops[stops.length - 1] : stops[at - 1]) : (at < 0 || at === stops.length - 1 ? stops[0] : stops[at + 1]);
    e.preventDefault();
    next.focus();
  });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && !details.hidden) { e.preventDefault(); close(); } });
})();
`;

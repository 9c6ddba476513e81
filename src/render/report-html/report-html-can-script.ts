// The who-can control of the HTML report (docs/evidence.md, "Who can"), plain ES2017 run in the
// page: a question picked, each cell says yes, no or unknown, in words and a style, never colour
// alone. The answers are not worked out here: each cell carries the bit masks report-html-cell.ts
// wrote from the report's answers, the text and JSON's own computation (effective/can.ts; bit i of
// `data-can`: question i allowed; of `data-unknown`: not known); a cell with none in the masks says
// no. A cell with no access may still say yes (`can-only`: an organization power answers there).

export const CAN_SCRIPT = `
(function () {
  var select = document.getElementById('can');
  var summary = document.getElementById('can-summary');
  var list = function (nodes) { return Array.prototype.slice.call(nodes); };
  function bit(hex, i) { return Boolean(hex) && (parseInt(hex.charAt(i >> 2) || '0', 16) & (1 << (i & 3))) !== 0; }
  function apply() {
    var i = select.value === '' ? -1 : Number(select.value);
    var question = i < 0 ? '' : select.options[select.selectedIndex].text;
    var counts = { yes: 0, no: 0, unknown: 0 };
    // The printed sheets too (report-html-print-script.ts): the answers are kept on paper.
    list(document.querySelectorAll('#matrix tbody tr, #print-matrix tbody tr')).forEach(function (tr) {
      var placeholder = tr.classList.contains('project') && !tr.dataset.name;
      list(tr.cells).slice(1).forEach(function (td) {
        var old = td.querySelector('.ans');
        if (old) old.remove();
        td.classList.remove('ans-yes', 'ans-no', 'ans-unknown');
        if (i < 0 || placeholder) return;
        var answer = bit(td.dataset.can, i) ? 'yes' : bit(td.dataset.unknown, i) ? 'unknown' : 'no';
        var span = document.createElement('span');
        span.className = 'ans';
        span.dataset.question = question;
        span.textContent = answer;
        td.appendChild(span);
        td.classList.add('ans-' + answer);
        if (td.classList.contains('cell') || td.classList.contains('can-only')) counts[answer]++;
      });
    });
    summary.textContent = i < 0 ? '' : 'Who can ' + question + ': ' + counts.yes + ' cells yes, ' + counts.unknown + ' unknown; every other cell no.';
  }
  select.addEventListener('change', apply);
  apply();
})();
`;

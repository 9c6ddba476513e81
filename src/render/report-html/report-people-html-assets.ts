// The style and script a report by person adds to the HTML page (docs/effective-access.md,
// "People"): inline as the page's own (report-html-assets.ts), left out of a report by team, whose
// page stays as it was.
import { LEVEL_COLOURS } from './report-html-assets.js';

/** A person's targets coloured by level, as the matrix's cells are. */
const levelRules = Object.entries(LEVEL_COLOURS)
  .map(([level, colour]) => `#people span.lvl-${level} { background: ${colour}; }`)
  .join('\n');

export const PEOPLE_STYLE = `
#people-title { font-size: 14px; margin: 16px 0 4px; }
#people td.access span { display: inline-block; padding: 0 4px; margin: 1px 2px; border: 1px solid #ccc; }
#people td.pending { font-style: italic; color: #555; }
${levelRules}
`;

// Plain ES2017. The person filter keeps the team columns with a member whose email holds the text,
// and the people rows that hold it; it runs after each of the page's own filters and sorts (on the
// matrix's `matrix-filtered`), so all narrow together. An opened cell's details (`details-open`)
// gain the team's people, and apart its service accounts and hidden members.
export const PEOPLE_SCRIPT = `
(function () {
  var personInput = document.getElementById('person-filter');
  var teamInput = document.getElementById('team-filter');
  var shown = document.getElementById('shown');
  var details = document.getElementById('details');
  function has(name, text) { return !text || name.toLowerCase().indexOf(text) >= 0; }
  function members(th) { return (th.dataset.people || '').split(' ').filter(Boolean); }
  function apply() {
    var p = personInput.value.trim().toLowerCase();
    var heads = document.querySelectorAll('th.team');
    var hidden = [], hiddenTeams = {}, teamsShown = 0;
    heads.forEach(function (th, i) {
      if (p && !members(th).some(function (e) { return has(e, p); })) th.hidden = true;
      if (th.hidden) { hidden[i + 1] = true; hiddenTeams[th.dataset.team] = true; } else teamsShown++;
    });
    document.querySelectorAll('#matrix tbody tr').forEach(function (tr) { for (var i = 1; i < tr.cells.length; i++) tr.cells[i].hidden = hidden[i] === true; });
    document.querySelectorAll('#powers tbody tr').forEach(function (tr) { tr.hidden = hiddenTeams[tr.dataset.team] === true; });
    var rows = document.querySelectorAll('#people tbody tr'), peopleShown = 0;
    rows.forEach(function (tr) { tr.hidden = !has(tr.dataset.person, p); if (!tr.hidden) peopleShown++; });
    shown.textContent = shown.textContent.replace(/^\\d+ of/, teamsShown + ' of').replace(/; \\d+ of \\d+ people$/, '') + '; ' + peopleShown + ' of ' + rows.length + ' people';
  }
  function addPeople(td) {
    var th = Array.prototype.find.call(document.querySelectorAll('th.team'), function (h) { return h.dataset.team === td.dataset.team; });
    var list = th ? members(th) : [];
    var p = document.createElement('p');
    p.className = 'people';
    p.textContent = 'People (' + list.length + '): ' + (list.length > 0 ? list.join(', ') : 'none');
    document.getElementById('details-body').appendChild(p);
    if (th && th.dataset.others) {
      var others = document.createElement('p');
      others.className = 'people';
      others.textContent = 'Also, never counted as people: ' + th.dataset.others;
      document.getElementById('details-body').appendChild(others);
    }
  }
  details.addEventListener('details-open', function (e) { addPeople(e.detail); });
  personInput.addEventListener('input', function () { teamInput.dispatchEvent(new Event('input')); });
  document.getElementById('matrix').addEventListener('matrix-filtered', apply);
  apply();
})();
`;

// Who changed each drift item, in words (docs/drift.md, "Who changed it"), shared by the text and
// Markdown plans: the words after an item's line, the one line on what the audit read covered, and
// the two ways out of drift with this run's commands. Pure.
import { type Attributed, type Attribution, type AuditCoverage, isAttributed } from '../../core/audit.js';
import type { Scope } from '../../core/coverage.js';

/** `2026-11-20 14:03 UTC`: minutes are enough to find the change in the service's own view. */
export function attributionTime(at: string): string {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `Client`, `Impersonated by admin-1`. */
export function tokenWords(attributed: Attributed): string {
  return attributed.impersonator === null ? attributed.type : `${attributed.type} by ${attributed.impersonator}`;
}

/** `by ana (Client) 2026-11-20 14:03 UTC`, `by self 2026-11-20 14:03 UTC`, `(who: not known: older-than-retention)`. */
export function attributionWords(attribution: Attribution): string {
  if (!isAttributed(attribution)) return `(who: not known: ${attribution.unattributed})`;
  const when = attributionTime(attribution.at);
  return attribution.self ? `by self ${when}` : `by ${attribution.actor} (${tokenWords(attribution)}) ${when}`;
}

/** An item's words, or undefined when the run says for all at once why nobody is named (or the item is no drift). */
export function itemAttributionWords(attribution: Attribution | undefined, audit: AuditCoverage | undefined): string | undefined {
  if (attribution === undefined || audit === undefined || audit.unavailable !== undefined) return undefined;
  return attributionWords(attribution);
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The one line on the audit read: what it covered, or why nobody is named for any item. */
export function auditLine(audit: AuditCoverage | undefined): string | undefined {
  if (audit === undefined) return undefined;
  if (audit.unavailable === 'no-audit-token')
    return 'Who changed it: not known for any item, no audit token was given (TFE_AUDIT_TOKEN; docs/drift.md, "Who changed it").';
  if (audit.unavailable !== undefined)
    return `Who changed it: not known for any item, the audit trail could not be read (${audit.unavailable}${audit.detail ? `: ${audit.detail}` : ''}).`;
  const since = audit.since === undefined ? '' : ` since ${attributionTime(audit.since)}`;
  const logged = audit.logged === undefined ? '' : `, with ${count(audit.logged, 'event', 'events')} of the audit log`;
  return `Who changed it: from the audit trail${since} (${count(audit.events, 'event', 'events')} read in ${count(audit.pages, 'request', 'requests')}${logged}).`;
}

/** A word of a command line, quoted for a POSIX shell when it needs it. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `PATHS --target T ...` as this run was given them. */
function givenWords(scope: Scope): string {
  return [...scope.paths.map(shellWord), ...scope.targets.flatMap((t) => ['--target', shellWord(t)])].map((w) => ` ${w}`).join('');
}

/** docs/drift.md, "Revert" and "Adopt": the two commands that settle this drift. */
export function waysOut(scope: Scope): { readonly revert: string; readonly adopt: string } {
  const given = givenWords(scope);
  return { revert: `tfe-access apply${given}`, adopt: `tfe-access drift --adopt${given}` };
}

/** Two spaces and an item's words, or nothing: what the text and Markdown lines of an item end with. */
export function attributionSuffix(attribution: Attribution | undefined, audit: AuditCoverage | undefined): string {
  const words = itemAttributionWords(attribution, audit);
  return words === undefined ? '' : `  ${words}`;
}

/** The closing lines of drift's text; after drift --adopt edited `edited`, keeping the edits is the adopt, discarding them the revert's first step. */
export function waysOutLines(scope: Scope, edited: readonly string[] = []): string[] {
  const { revert, adopt } = waysOut(scope);
  if (edited.length > 0) {
    const discard = `git checkout --${edited.map((path) => ` ${shellWord(path)}`).join('')}`;
    return [
      'To keep live access as it is (adopt): review the edits above and commit them.',
      'To put it back as the files said (revert): discard the edits, then apply:',
      `  ${discard}`,
      `  ${revert}`,
      '',
    ];
  }
  return ['To put live access back as the files say (revert):', `  ${revert}`, 'To write live access into the files (adopt):', `  ${adopt}`, ''];
}

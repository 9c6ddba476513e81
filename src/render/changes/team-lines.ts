// The team changes of a plan in words (docs/plan.md, "Team changes"), shared by the text and
// Markdown plans: one headline per team, then the settings it moves (before and after) or, for a
// deletion, the grants that go with it. Pure.
import { type TeamChange, type TeamFieldChange, type TeamValue, teamFieldName } from '../../core/teams.js';
import type { AttributeLine } from './lines.js';

export const TEAM_SIGN: { readonly [A in TeamChange['action']]: '+' | '~' | '-' } = { create: '+', rename: '~', update: '~', delete: '-' };

const value = (v: TeamValue): string => (v === null ? 'null' : String(v));

/** A create's setting the files do not give, and whose default it is. */
const DEFAULT_WORDS = { 'tfe-access': ' (default of tfe-access)', service: ' (default of the service)' } as const;

export function teamHeadline(change: TeamChange): string {
  switch (change.action) {
    case 'create':
      return 'create';
    case 'rename':
      return `rename from ${change.from} (${change.id}, which keeps its members and grants)`;
    case 'update':
      return `change (${change.id})`;
    case 'delete': {
      const powers = change.powers?.length ? ` and the organization powers ${change.powers.join(', ')}` : '';
      return `delete (${change.id}), with ${change.grants.length === 1 ? '1 grant' : `${change.grants.length} grants`} on the targets read${powers}`;
    }
  }
}

/** A create's flags left at the service's default (off), said on one line: the JSON lists each. */
const isDefaultFlag = (f: TeamFieldChange): boolean => f.default === 'service' && 'flag' in f;

export function teamDetailLines(change: TeamChange): AttributeLine[] {
  if (change.action === 'delete') {
    const powers = (change.powers ?? []).map((flag): AttributeLine => ({ sign: '-', text: `organization-access.${flag}: true` }));
    return [...powers, ...change.grants.map((g): AttributeLine => ({ sign: '-', text: `${g.target.type} ${g.target.name}: ${g.access.access}` }))];
  }
  const offByDefault = change.fields.filter(isDefaultFlag).length;
  const others = offByDefault === 0 ? [] : [{ sign: ' ' as const, text: `organization-access, ${offByDefault} other flags: false${DEFAULT_WORDS.service}` }];
  return [
    ...change.fields
      .filter((f) => !isDefaultFlag(f))
      .flatMap((f): AttributeLine[] => {
        if (change.action === 'create' || f.before === null)
          return [{ sign: change.action === 'create' ? ' ' : '+', text: `${teamFieldName(f)}: ${value(f.after)}${f.default ? DEFAULT_WORDS[f.default] : ''}` }];
        return [
          { sign: '-', text: `${teamFieldName(f)}: ${value(f.before)}` },
          { sign: '+', text: `${teamFieldName(f)}: ${value(f.after)}` },
        ];
      }),
    ...others,
  ];
}

/** `2 to create, 1 to rename, 0 to change, 1 to delete`. */
export function teamCounts(changes: readonly TeamChange[]): string {
  const n = (action: TeamChange['action']): number => changes.filter((c) => c.action === action).length;
  return `${n('create')} to create, ${n('rename')} to rename, ${n('update')} to change, ${n('delete')} to delete`;
}

/** The line under the summary when the plan changes teams. */
export function teamSummaryLine(changes: readonly TeamChange[] | undefined): string | undefined {
  if (!changes || changes.length === 0) return undefined;
  return `Teams: ${teamCounts(changes)}.`;
}

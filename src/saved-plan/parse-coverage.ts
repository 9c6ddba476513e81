// A saved plan's `complete`, `incomplete` and `scope` (core/coverage-document.ts; render/shared/coverage.ts
// adds each reason's `message`) back into the plan's Coverage and Scope, so `show` and `apply
// --plan` say what the plan could not see and what it was asked, as `plan` said it: the reasons
// phrased again from their facts (the words in the file are not read). Not part of the checksum: the incomplete targets are, through
// the basis. A plan saved before these keys: its coverage is the basis's incomplete targets, its
// scope unknown beyond --target (`targeted`).
import type { ChangedFrom, Coverage, IncompleteReason, Scope, TokensUnlisted } from '../core/coverage.js';
import { coverageFacts } from '../core/coverage-document.js';
import { scopeOf } from '../core/scope.js';
import type { Reader } from './reader.js';
import type { PlanBasis } from './saved-plan.js';

function strings(reader: Reader, key: string): string[] {
  return reader.array(key).map((value, i) => (typeof value === 'string' ? value : reader.fail(`${reader.at(key)}[${i}] is not a string`)));
}

function causeOf(reader: Reader): TokensUnlisted {
  const cause = reader.string('cause');
  return cause === 'no-list' || cause === 'not-every-team' ? cause : reader.fail(`${reader.at('cause')} "${cause}" is not a known cause`);
}

function reasonOf(reader: Reader): IncompleteReason {
  const code = reader.string('code');
  switch (code) {
    case 'secret-teams-unseen':
      return { code, targets: reader.integer('targets') };
    case 'grants-of-unseen-teams':
      return { code, targets: strings(reader, 'targets') };
    case 'identity-unknown':
      return { code };
    case 'projects-unseen':
      return { code, workspaces: strings(reader, 'workspaces') };
    case 'people-teams-unseen':
    case 'teams-not-proven':
    case 'no-targets-seen':
      return { code };
    case 'team-tokens-unlisted':
      return { code, policies: strings(reader, 'policies'), cause: causeOf(reader) };
    case 'targets-not-proven':
      return {
        code,
        lists: strings(reader, 'lists').map((list) =>
          list === 'projects' || list === 'workspaces' ? list : reader.fail(`${reader.at('lists')} "${list}" is not a list`),
        ),
      };
    case 'reach-unread':
      return { code, reach: strings(reader, 'reach') };
    default:
      return reader.fail(`${reader.at('code')} "${code}" is not a known reason`);
  }
}

function fromBasis(basis: PlanBasis): Coverage {
  const targets = basis.targets.filter((t) => !t.complete).map((t) => `${t.type} ${JSON.stringify(t.name)}`);
  return targets.length === 0 ? { complete: true, reasons: [] } : { complete: false, reasons: [{ code: 'grants-of-unseen-teams', targets }] };
}

/** docs/plan.md, "Scoped plans": `scope.changed_from`, in a file of the version that holds it (7) and only there. */
function changedFromOf(scope: Reader, held: boolean): { changedFrom?: ChangedFrom } {
  if (!held) return scope.value.changed_from === undefined ? {} : scope.fail(`${scope.at('changed_from')} is in a file of a version without scoped plans`);
  const c = scope.object('changed_from');
  const reason = c.value.reason === undefined ? {} : { reason: c.string('reason') };
  return {
    changedFrom: {
      ref: c.string('ref'),
      scoped: c.boolean('scoped'),
      targets: strings(c, 'targets'),
      teams: strings(c, 'teams'),
      tokenPolicy: c.boolean('token_policy'),
      read: c.integer('targets_read'),
      ...reason,
    },
  };
}

/** `changedFrom`: whether the file's version holds `scope.changed_from` (a plan given --changed-from). */
export function coverageAndScopeOf(
  plan: Reader,
  basis: PlanBasis,
  targeted: readonly string[] | undefined,
  changedFrom = false,
): { coverage: Coverage; scope: Scope } {
  if (plan.value.complete === undefined && plan.value.scope === undefined && !changedFrom)
    return { coverage: fromBasis(basis), scope: scopeOf({ targets: targeted ?? [] }) };
  const reasons = plan.objects('incomplete').map(reasonOf);
  const coverage = { complete: plan.boolean('complete'), reasons };
  const reader = plan.object('scope');
  const scope = scopeOf({
    paths: strings(reader, 'paths'),
    targets: strings(reader, 'targets'),
    teams: strings(reader, 'teams'),
    projects: strings(reader, 'projects'),
    workspaces: strings(reader, 'workspaces'),
    ...changedFromOf(reader, changedFrom),
  });
  // The scope's --target is what `targeted` says (parsed, without repeats): a plan never says it covers more than it read.
  const given = [...new Set(scope.targets)].sort();
  if (JSON.stringify(given) !== JSON.stringify([...(targeted ?? [])].sort())) plan.fail(`${plan.at('scope')}.targets does not match ${plan.at('targeted')}`);
  // All the file says is kept: a key the plan would not write is an edit. Each reason's `message`
  // is its words, a string the reader does not take: the renderer phrases the facts again.
  const written = coverageFacts(coverage, scope);
  const facts = plan.objects('incomplete').map((reason) => {
    const { message, ...rest } = reason.value;
    return typeof message === 'string' ? rest : reason.fail(`${reason.at('message')} is not a string`);
  });
  const read = { complete: plan.value.complete, incomplete: facts, scope: plan.value.scope };
  for (const key of ['complete', 'incomplete', 'scope'] as const) {
    if (JSON.stringify(written[key]) !== JSON.stringify(read[key])) plan.fail(`${plan.at(key)} is not what a plan writes`);
  }
  return { coverage, scope };
}

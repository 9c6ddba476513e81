// A policy's `exceptions:` (docs/evidence.md, "Accepted exceptions"): each accepts the violations
// of one team or person on one target, with a reason, until it expires. The schema says the keys;
// here, what it cannot say well: one of team or person, a target of the policy's kind (none for a
// policy of the whole organization), a person only where a rule counts people (`max-members`), a
// reason with words in it, and a date the calendar has. Its names are checked against the
// organization with the policy's others (resolve/check-names.ts, policy/selectors.ts). Pure.
import { EXPIRY_PATTERN, parseExpiry } from '../core/expiry.js';
import type { JsonSchema } from '../core/json-schema.js';
import type { TargetType } from '../core/model.js';
import type { PolicyException } from '../core/policy.js';
import { quote } from '../core/printable.js';
import type { Segment } from '../load/pointer.js';
import { isRecord, type Located } from './merge.js';
import { valueAt } from './positions.js';

const TARGET_KEYS: { readonly [T in TargetType]: 'workspace' | 'project' } = { workspace: 'workspace', project: 'project' };

/** docs/evidence.md, "Accepted exceptions": the schema of `exceptions:`. */
export function exceptionsSchema(): JsonSchema {
  const name = (what: string) => ({ description: what, type: 'string', minLength: 1 });
  return {
    description:
      'Violations of this policy accepted until they expire, each by one team or person on one workspace or project (none for a policy of the whole organization); shown as accepted with their reason, and they do not block.',
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['reason', 'expires'],
      additionalProperties: false,
      properties: {
        team: name('The team whose violation is accepted.'),
        person: name('The person (email) accepted: a `max-members` policy does not count them.'),
        workspace: name('The workspace the exception is about (a policy of workspaces).'),
        project: name("The project the exception is about (a policy of projects): the project's own access, not its workspaces'."),
        reason: { description: 'Why it is accepted: shown with the violation.', type: 'string', minLength: 1 },
        expires: {
          description:
            'When the exception ends: a date YYYY-MM-DD (the end of that day, UTC) or an RFC 3339 time with its offset. From then on the violation counts again.',
          type: 'string',
          pattern: EXPIRY_PATTERN,
        },
      },
    },
  };
}

/** The policy's kind as its exceptions see it: of workspaces, of projects, or of the whole organization; and whether its rule counts people. */
export interface ExceptionScope {
  readonly type: TargetType | 'organization';
  readonly people: boolean;
}

function oneException(value: Record<string, unknown>, scope: ExceptionScope, say: (key: string | null, text: string) => void): void {
  const who = ['team', 'person'].filter((k) => k in value);
  if (who.length !== 1) say(who[1] ?? null, 'an exception names one team or one person: give `team` or `person`');
  if ('person' in value && !scope.people) say('person', 'a `person` exception goes with `max-members` only (the one rule that counts people): give `team`');
  const targets = ['workspace', 'project'].filter((k) => k in value);
  if (scope.type === 'organization') {
    for (const key of targets) say(key, `a policy of the whole organization has no target: an exception of it takes no \`${key}\``);
  } else {
    const wanted = TARGET_KEYS[scope.type];
    const wrong = targets.find((k) => k !== wanted);
    if (wrong) say(wrong, `a ${scope.type} policy's exception names a ${scope.type}: give \`${wanted}\`, not \`${wrong}\``);
    else if (targets.length === 0) say(null, `an exception of a ${scope.type} policy names the ${scope.type} it is about: give \`${wanted}\``);
  }
  if (typeof value.reason === 'string' && value.reason.trim() === '') say('reason', 'the reason is empty: say why the violation is accepted');
  // A wrong form is the schema's (its pattern); here, what only a calendar knows (2026-02-30).
  if (typeof value.expires === 'string' && new RegExp(EXPIRY_PATTERN).test(value.expires)) {
    const parsed = parseExpiry(value.expires);
    if ('error' in parsed) say('expires', `${quote(value.expires)} is not a date or time: ${parsed.error}`);
  }
}

/** Every problem of the policy's exceptions, each at its place below the policy. */
export function exceptionProblems(policy: Record<string, unknown>, scope: ExceptionScope, say: (segments: Segment[], text: string) => void): void {
  const list = policy.exceptions;
  if (!Array.isArray(list)) return;
  list.forEach((value: unknown, i) => {
    if (isRecord(value)) oneException(value, scope, (key, text) => say(key === null ? ['exceptions', i] : ['exceptions', i, key], text));
  });
}

/** The policy's exceptions as the checker reads them (validated), each with where it is written; `expires` in its canonical form. */
export function exceptionsOf(item: Located, policy: Record<string, unknown>): { exceptions?: PolicyException[] } {
  if (!Array.isArray(policy.exceptions)) return {};
  const exceptions = policy.exceptions.filter(isRecord).map((value, i): PolicyException => {
    const parsed = parseExpiry(String(value.expires));
    if ('error' in parsed) throw new Error(`exception expiry ${String(value.expires)} was not validated`);
    const text = (key: string): { [key: string]: string } => (typeof value[key] === 'string' ? { [key]: value[key] } : {});
    return {
      ...text('team'),
      ...text('person'),
      ...text('workspace'),
      ...text('project'),
      reason: String(value.reason),
      expires: parsed.at,
      source: valueAt(item.file, [...item.segments, 'exceptions', i]),
    };
  });
  return { exceptions };
}

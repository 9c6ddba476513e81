// A saved plan's `read` (how the live grants were read, docs/connecting.md, "Reading by team";
// core/plan-document.ts) back into a GrantRead, so `show` prints the saved plan's JSON as `plan`
// printed it. Not part of the checksum: it says how the plan was read, not what it does.
import type { GrantRead, ReadStrategy } from '../core/model.js';
import { readDocument } from '../core/plan-document.js';
import type { Reader } from './reader.js';

const STRATEGIES: readonly ReadStrategy[] = ['by-target', 'by-team'];

export function readOf(plan: Reader): { read?: GrantRead } {
  if (plan.value.read === undefined) return {};
  const reader = plan.object('read');
  const strategy = reader.string('strategy');
  if (!(STRATEGIES as readonly string[]).includes(strategy)) reader.fail(`${reader.at('strategy')} is not one of ${STRATEGIES.join(', ')}`);
  const estimate = reader.object('estimate');
  const read: GrantRead = {
    strategy: strategy as ReadStrategy,
    requests: reader.integer('requests'),
    estimate: { byTarget: estimate.integer('by_target'), ...(estimate.value.by_team === null ? {} : { byTeam: estimate.integer('by_team') }) },
    ...(reader.value.fallback === null ? {} : { fallback: reader.string('fallback') }),
  };
  // All the file says is kept: a key the document does not know is an edit.
  if (JSON.stringify(readDocument(read)) !== JSON.stringify(reader.value)) reader.fail(`${plan.at('read')} has keys a plan does not write`);
  return { read };
}

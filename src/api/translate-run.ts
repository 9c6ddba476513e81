// The runs index on the wire (docs/api.md, "Runs index"): one page of `runs` into UsageRuns, and
// its `next-page` (the pagination has no totals, so the reader follows `next-page` until null);
// and a state version's workspace (`GET /state-versions/:id`, docs/api.md, "Audit trail as evidence of reads").
import type { UsageRun } from '../core/usage.js';
import { ObjectReader } from './json.js';

export interface RunsPage {
  readonly runs: readonly UsageRun[];
  readonly nextPage: number | null;
}

function userOf(relationships: ObjectReader, key: string): string | null {
  return relationships.optionalObject(key).optionalObject('data').optionalString('id') ?? null;
}

function flag(attributes: ObjectReader, key: string): boolean {
  return attributes.value[key] === true;
}

function runOf(item: unknown, path: string, context: string): UsageRun {
  const reader = ObjectReader.of(item, path, context);
  const attributes = reader.object('attributes');
  const relationships = reader.optionalObject('relationships');
  return {
    id: reader.string('id'),
    workspaceId: relationships.object('workspace').object('data').string('id'),
    createdAt: attributes.string('created-at'),
    status: attributes.optionalString('status') ?? '',
    planOnly: flag(attributes, 'plan-only'),
    autoApply: flag(attributes, 'auto-apply'),
    source: attributes.optionalString('source') ?? '',
    createdBy: userOf(relationships, 'created-by'),
    confirmedBy: userOf(relationships, 'confirmed-by'),
  };
}

export function runsPageFrom(body: unknown, context: string): RunsPage {
  const document = ObjectReader.of(body, '', context);
  const runs = document.array('data').map((item, i) => runOf(item, `data[${i}]`, context));
  const next = document.optionalObject('meta').optionalObject('pagination').value['next-page'];
  if (next !== undefined && next !== null && (typeof next !== 'number' || !Number.isInteger(next) || next < 1))
    throw document.error('meta.pagination.next-page is not a page number');
  return { runs, nextPage: typeof next === 'number' ? next : null };
}

/** The workspace id of a `state-versions` document. */
export function stateVersionWorkspaceFrom(body: unknown, context: string): string {
  return ObjectReader.of(body, '', context).object('data').object('relationships').object('workspace').object('data').string('id');
}

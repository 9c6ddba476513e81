// Exported targets -> the text of one desired-state file, in canonical form: the schema comment on
// top, `organization`, then `projects` and `workspaces`, every mapping in sorted key order, block
// style, no line folding, no anchors. The same live state always gives the same bytes. Pure.
import { Document, isScalar, Scalar, visit } from 'yaml';
import { MERGE_KEY } from '../core/names.js';
import type { ExportedTarget } from './document.js';
import { sortedRecord } from './grant.js';

/** Long names and values stay on one line: folded scalars would make diffs of exports noisy. */
const NO_LINE_FOLDING = 0;

export function schemaComment(schemaRef: string): string {
  return `# yaml-language-server: $schema=${schemaRef}\n`;
}

function section(targets: readonly ExportedTarget[], type: ExportedTarget['type']): Record<string, unknown> | undefined {
  const own = targets.filter((t) => t.type === type);
  if (own.length === 0) return undefined;
  return sortedRecord(own.map((t) => [t.name, { teams: t.teams }] as const));
}

/**
 * `export --all --authoritative` (docs/sets.md, "Sets"): a set named `all` of each kind that matches
 * everything, gives nothing and prunes, so a grant nobody wrote down anywhere is drift.
 */
const AUTHORITATIVE = { match: { names: ['*'] }, prune: true, teams: {} };
const AUTHORITATIVE_SETS = { 'project-sets': { all: AUTHORITATIVE }, 'workspace-sets': { all: AUTHORITATIVE } };

/** `export --teams`: the `teams:` section (export/teams.ts), after `organization`. */
export type TeamsSection = Readonly<Record<string, unknown>>;

export function renderFile(organization: string, targets: readonly ExportedTarget[], schemaRef: string, authoritative = false, teams?: TeamsSection): string {
  const projects = section(targets, 'project');
  const workspaces = section(targets, 'workspace');
  const document = {
    organization,
    ...(teams ? { teams } : {}),
    ...(projects ? { projects } : {}),
    ...(workspaces ? { workspaces } : {}),
    ...(authoritative ? AUTHORITATIVE_SETS : {}),
  };
  const doc = new Document(document, { aliasDuplicateObjects: false });
  quoteMergeKeys(doc);
  return schemaComment(schemaRef) + doc.toString({ lineWidth: NO_LINE_FOLDING, indent: 2 });
}

/** A team named `<<` written quoted: plain, the files would refuse it as a merge key (core/names.ts, MERGE_KEY). */
function quoteMergeKeys(doc: Document): void {
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === MERGE_KEY) pair.key.type = Scalar.QUOTE_DOUBLE;
    },
  });
}

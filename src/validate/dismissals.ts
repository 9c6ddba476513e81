// `dismissals:` (docs/recommend.md, "Dismissals"): proposals of `recommend` set aside, as data in
// the files: the team, the workspace or project, why, until when, and optionally the access it was
// proposed to. Its schema and the dismissals as `recommend` reads them. Pure.
import type { JsonSchema } from '../core/json-schema.js';
import type { Dismissal } from '../core/recommendation.js';
import { isRecord, type Merged } from './merge.js';

const text = (description: string): JsonSchema => ({ description, type: 'string', minLength: 1 });

export function dismissalsSchema(): JsonSchema {
  return {
    description:
      'Proposals of `tfe-access recommend` set aside (docs/recommend.md, "Dismissals"): not raised again until `until`, unless new evidence lowers further.',
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['team', 'reason', 'until'],
      oneOf: [
        { required: ['workspace'], properties: { workspace: { description: 'A dismissal names a workspace...' } } },
        { required: ['project'], properties: { project: { description: '... or a project, not both.' } } },
      ],
      properties: {
        team: text('The team of the grant.'),
        workspace: text('The workspace of the grant (or `project`).'),
        project: text('The project of the grant (or `workspace`).'),
        reason: text('Why the proposal is set aside.'),
        until: {
          description: 'When the dismissal ends: a date (YYYY-MM-DD) or an RFC 3339 time.',
          type: 'string',
          pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2}))?$',
        },
        access: text('The access the grant was proposed to when dismissed: a proposal below it is raised again.'),
      },
    },
  };
}

/** The dismissals in file order, each with where it is written. */
export function toDismissals(merged: Merged): { dismissals?: Dismissal[] } {
  const out = merged.dismissals.flatMap((located): Dismissal[] => {
    const v = located.value;
    if (!isRecord(v) || typeof v.team !== 'string' || typeof v.reason !== 'string' || typeof v.until !== 'string') return [];
    const type = typeof v.workspace === 'string' ? 'workspace' : 'project';
    const target = type === 'workspace' ? v.workspace : v.project;
    if (typeof target !== 'string') return [];
    return [
      { team: v.team, type, target, reason: v.reason, until: v.until, ...(typeof v.access === 'string' ? { access: v.access } : {}), source: located.at },
    ];
  });
  return out.length > 0 ? { dismissals: out } : {};
}

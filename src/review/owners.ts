// Which owner of `review-owners:` reviews the access on a target (docs/evidence.md, "Access
// reviews"): a project is covered by an owner that names it; a workspace by an owner that names its
// project or one of its tags. The first owner in the files' order that covers it has it, so every
// row is decided once. The organization's powers go to the first owner that says `organization: true`.
// Pure.

import type { TargetRef } from '../core/model.js';
import { nfc } from '../core/names.js';
import type { ReportWorkspace } from '../core/report.js';
import type { ReviewOwner } from '../core/review.js';

const names = (list: readonly string[] | undefined): Set<string> => new Set((list ?? []).map(nfc));

export function ownerFinder(owners: readonly ReviewOwner[], workspaces: readonly ReportWorkspace[]): (target: TargetRef) => ReviewOwner | undefined {
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  const covers = owners.map((owner) => ({ owner, projects: names(owner.projects), tags: names(owner.tags) }));
  return (target) => {
    if (target.type === 'project') return covers.find((c) => c.projects.has(nfc(target.name)))?.owner;
    const workspace = byId.get(target.id);
    const project = workspace?.project?.name;
    const tags = (workspace?.tags?.names ?? []).map(nfc);
    return covers.find((c) => (project !== undefined && c.projects.has(nfc(project))) || tags.some((t) => c.tags.has(t)))?.owner;
  };
}

/** The owner of the organization's powers: the first with `organization: true`, or none (the unowned sheet). */
export const organizationOwner = (owners: readonly ReviewOwner[]): ReviewOwner | undefined => owners.find((o) => o.organization === true);

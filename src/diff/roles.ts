// Which role of the files a live grant has, so a plan can name it on the `before` side as the file
// names it on the `after` side (docs/plan.md, "Reading a plan"). The service knows no roles: a live custom
// grant is a vector, and its role is the one role of the files with that vector, compared as the
// diff compares (an attribute the service did not report is never a difference). None when no role
// or more than one matches: a plan never guesses between two names. Pure.

import type { DesiredRoles } from '../core/desired-state.js';
import { RESOURCE_OF, type ReportedAccess, type TargetType } from '../core/model.js';
import { compareAccess } from './normalise.js';

export function roleOfLive(roles: DesiredRoles | undefined, type: TargetType, live: ReportedAccess): string | undefined {
  if (!roles || live.access !== 'custom') return undefined;
  let found: string | undefined;
  for (const [name, access] of roles[type]) {
    if (compareAccess(RESOURCE_OF[type], access, live) !== 'equal') continue;
    if (found !== undefined) return undefined;
    found = name;
  }
  return found;
}

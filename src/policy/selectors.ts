// The names of the policies' matches (docs/effective-access.md, "Policies"; docs/sets.md, "Names the files give"): checked as the
// sets' are (expand/selectors.ts, one checker), against the lists the policies select from; and
// a policy that selects nothing, a warning (`policy-matches-nothing`) unless its match says
// `allow-empty: true`. Pure: the lists come in, read for the check anyway (no request more).

import { NameIndex } from '../core/names.js';
import { NOT_VISIBLE } from '../core/not-found.js';
import type { SetCatalog } from '../core/organization.js';
import type { PlanWarning } from '../core/plan.js';
import { type DesiredPolicy, type TargetPolicy, targetPolicies } from '../core/policy.js';
import { quote } from '../core/printable.js';
import { checkSelectors } from '../expand/selectors.js';
import { checkName, type NameFindings } from '../resolve/check-names.js';
import { selectedBy } from './check.js';

const at = (policy: DesiredPolicy): string => (policy.source ? `${policy.source.file}:${policy.source.line}:${policy.source.col}: ` : '');

/**
 * docs/evidence.md, "Accepted exceptions": the workspace or project each exception names, found as
 * the matches' names are, with near misses: an exception of a target that is not there accepts nothing.
 */
function exceptionTargets(policies: readonly TargetPolicy[], scope: SetCatalog, findings: NameFindings): void {
  const indexes = { workspace: new NameIndex(scope.workspaces.map((w) => w.name)), project: new NameIndex(scope.projects.map((p) => p.name)) };
  const missing = {
    workspace: scope.complete ? NOT_VISIBLE : 'is in none of the projects the matches name (only their workspaces were read), or the token may not see it',
    project: NOT_VISIBLE,
  };
  for (const policy of policies) {
    for (const exception of policy.exceptions ?? []) {
      const name = policy.type === 'workspace' ? exception.workspace : exception.project;
      if (name === undefined) continue;
      const naming = { kind: policy.type, name, source: exception.source, prefix: `policy ${quote(policy.name)}: exception: ` };
      checkName(naming, indexes[policy.type], missing[policy.type], findings);
    }
  }
}

/** Every problem of the policies' names, and the warnings: names found after normalisation, policies that cover nothing. */
export function policyNameFindings(all: readonly DesiredPolicy[], scope: SetCatalog, organization: string): NameFindings {
  // A policy of the whole organization has no match to check (core/policy.ts).
  const policies = targetPolicies(all);
  const findings = checkSelectors(policies, (p) => `policy ${quote(p.name)}: `, scope);
  exceptionTargets(policies, scope, findings);
  const empty: PlanWarning[] = policies
    .filter((p) => !p.allowEmpty && selectedBy(p, scope.projects, scope.workspaces).length === 0)
    .map((p) => ({
      code: 'policy-matches-nothing',
      message: `${at(p)}policy ${quote(p.name)} covers no ${p.type} of ${quote(organization)} the token can see: it checks nothing.`,
    }));
  return { problems: findings.problems, warnings: [...findings.warnings, ...empty] };
}

// The names of the policies' matches (docs/effective-access.md, "Policies"; docs/sets.md, "Names the files give"): checked as the
// sets' are (expand/selectors.ts, one checker), against the lists the policies select from; and
// a policy that selects nothing, a warning (`policy-matches-nothing`) unless its match says
// `allow-empty: true`. Pure: the lists come in, read for the check anyway (no request more).
import type { PlanWarning } from '../core/plan.js';
import { targetPolicies, type DesiredPolicy } from '../core/policy.js';
import { quote } from '../core/printable.js';
import { checkSelectors, type SelectorScope } from '../expand/selectors.js';
import type { NameFindings } from '../resolve/check-names.js';
import { selectedBy } from './check.js';

const at = (policy: DesiredPolicy): string => (policy.source ? `${policy.source.file}:${policy.source.line}:${policy.source.col}: ` : '');

/** Every problem of the policies' names, and the warnings: names found after normalisation, policies that cover nothing. */
export function policyNameFindings(all: readonly DesiredPolicy[], scope: SelectorScope, organization: string): NameFindings {
  // A policy of the whole organization has no match to check (core/policy.ts).
  const policies = targetPolicies(all);
  const findings = checkSelectors(policies, (p) => `policy ${quote(p.name)}: `, scope);
  const empty: PlanWarning[] = policies
    .filter((p) => !p.allowEmpty && selectedBy(p, scope.projects, scope.workspaces).length === 0)
    .map((p) => ({
      code: 'policy-matches-nothing',
      message: `${at(p)}policy ${quote(p.name)} covers no ${p.type} of ${quote(organization)} the token can see: it checks nothing.`,
    }));
  return { problems: findings.problems, warnings: [...findings.warnings, ...empty] };
}

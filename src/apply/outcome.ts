// What became of each change, counted: the report and the exit code are computed from it.

import type { ApplyReport, ChangeOutcome, MemberOutcome, Stop, TeamOutcome, TokenPolicyOutcome } from '../core/apply-outcome.js';
import { CLIError, EXIT, messageOf } from '../errors.js';

/** The Stop of an AbortSignal's reason. */
export function stopOf(reason: unknown): Stop {
  return { reason: messageOf(reason), exitCode: reason instanceof CLIError ? reason.exitCode : EXIT.error };
}

const COUNTED = { applied: 'applied', 'already-so': 'alreadySo', failed: 'failed', 'not-started': 'notStarted' } as const;

export function reportOf(
  outcomes: readonly ChangeOutcome[],
  stopped?: Stop,
  teamOutcomes?: readonly TeamOutcome[],
  memberOutcomes?: readonly MemberOutcome[],
  tokenPolicyOutcomes?: readonly TokenPolicyOutcome[],
): ApplyReport {
  const counts = { applied: 0, alreadySo: 0, failed: 0, notStarted: 0 };
  for (const outcome of [...outcomes, ...(teamOutcomes ?? []), ...(memberOutcomes ?? []), ...(tokenPolicyOutcomes ?? [])]) counts[COUNTED[outcome.status]] += 1;
  const converged = counts.failed === 0 && counts.notStarted === 0;
  const teams = {
    ...(teamOutcomes ? { teamOutcomes } : {}),
    ...(memberOutcomes ? { memberOutcomes } : {}),
    ...(tokenPolicyOutcomes ? { tokenPolicyOutcomes } : {}),
  };
  return stopped === undefined ? { outcomes, ...teams, counts, converged } : { outcomes, ...teams, counts, converged, stopped };
}

// What name resolution reports: every name the service does not know as written, at the place the
// files wrote it, sorted by file and line, under the one summary of a list of problems; and a
// wrong `organization:` as such, not as the 404 of a teams URL (docs/api.md, "Name resolution").
import { isRemoteError } from '../api/errors/remote-error.js';
import type { SourceRef } from '../core/model.js';
import type { DesiredState } from '../core/desired-state.js';
import { quote } from '../core/printable.js';
import { CLIError } from '../errors.js';
import { placeOf, problemSummary, sortProblems } from '../load/problem.js';
import { didYouMean } from '../core/suggest.js';
import type { NameProblem } from './check-names.js';


/** One error listing every problem, sorted by file, line and column; those without a place last. */
export function nameProblemsError(problems: readonly NameProblem[]): CLIError {
  const placed = sortProblems(problems.filter((p) => p.source).map((p) => ({ ...(p.source as SourceRef), message: p.message })));
  const lines = [...placed.map((p) => `${placeOf(p)}: ${p.message}`), ...problems.filter((p) => !p.source).map((p) => p.message)];
  const summary = problemSummary(problems.map((p) => ({ file: p.source?.file })));
  return new CLIError(`Name resolution: ${summary}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * An organization the token does not reach, from the 404 of a list under it: one line at the place
 * of `organization:` (nothing else can be resolved without it), with a did-you-mean when the token
 * may list organizations. Undefined when the error is something else, or when the organization is
 * listed after all (then the 404 has another cause, shown as it is).
 */
export async function organizationError(client: { listOrganizations?: () => Promise<string[]> }, desired: Pick<DesiredState, 'organization' | 'organizationSource'>, error: unknown): Promise<CLIError | undefined> {
  const organization = desired.organization;
  if (!isRemoteError(error, 404) || !error.path.startsWith(`/organizations/${encodeURIComponent(organization)}/`)) return undefined;
  const visible = await client.listOrganizations?.().catch(() => undefined);
  if (visible?.includes(organization)) return undefined;
  const where = desired.organizationSource ? `${placeOf(desired.organizationSource)}: ` : '';
  return new CLIError(`${where}organization ${quote(organization)} not found (or not visible to this token).${visible ? didYouMean(organization, visible) : ''}`);
}

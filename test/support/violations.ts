// A plan's or drift's JSON violations (docs/effective-access.md, "Policies"), read back by the tests
// that check policies end to end. `target` is null for a policy of the organization's teams.

export interface JsonViolation {
  policy: string;
  target: { type: string; name: string; id: string } | null;
  team: { name: string; id: string } | null;
  message: string;
  /** A plan's: whether its change makes it (docs/evidence.md, "New and live violations"). */
  status?: 'new' | 'live';
  /** An exception of the policy accepts it (docs/evidence.md, "Accepted exceptions"). */
  accepted?: { reason: string; expires: string };
}

/** The `violations` of a JSON plan or drift printed on stdout. */
export const violationsOf = (out: string): JsonViolation[] => (JSON.parse(out) as { violations: JsonViolation[] }).violations;

// The report's text tables: columns padded to the widest cell, two spaces between them. Pure.

/** Rows of three columns, the first two padded, each line indented by two spaces. */
export function table(rows: readonly (readonly [string, string, string])[]): string[] {
  const first = Math.max(0, ...rows.map((r) => r[0].length));
  const second = Math.max(0, ...rows.map((r) => r[1].length));
  return rows.map(([a, b, c]) => `  ${a.padEnd(first)}  ${b.padEnd(second)}  ${c}`);
}

// A count with its noun: `1 team`, `2 teams`, `1 team-target pair`. The one way the report's text says a count.
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

// The data rows of a CSV file as written (RFC 4180): the records, the header not counted. What the
// manifest records of a table when its writer does not say; `report verify` counts again with a
// full parser (csv-parse), so the two counts come from two readings. Pure.

/** Records of `text`: line breaks outside quotes, a last record without its line break counted. */
function records(text: string): number {
  let count = 0;
  let quoted = false;
  let open = false; // a record has started and not ended
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || (c === '\r' && text[i + 1] !== '\n'))) {
      count++;
      open = false;
      continue;
    }
    if (c !== '\r') open = true;
  }
  return count + (open ? 1 : 0);
}

/** The data rows: every record but the header (0 for an empty file). */
export function csvDataRows(text: string): number {
  return Math.max(0, records(text) - 1);
}

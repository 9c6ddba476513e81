// The error objects of a JSON:API error body, read from `unknown`. docs/api.md, "Errors the real
// service gives": most endpoints send `{"errors": [{"status": "422", "title": ..., "detail": ...,
// "source": {"pointer": ...}}]}`, some send `{"errors": ["text"]}`, and the 429 body carries a
// numeric `status`. All three forms are read here, and nothing else is assumed.

export interface ApiErrorObject {
  readonly status?: string;
  readonly title?: string;
  readonly detail?: string;
  /** `source.pointer`, e.g. `/data/attributes/runs`. */
  readonly pointer?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function errorObjectFrom(item: unknown): ApiErrorObject | undefined {
  if (typeof item === 'string') return { detail: item };
  if (!isRecord(item)) return undefined;
  const source = isRecord(item.source) ? item.source : {};
  const out: { status?: string; title?: string; detail?: string; pointer?: string } = {};
  const status = stringOf(item.status);
  const title = stringOf(item.title);
  const detail = stringOf(item.detail);
  const pointer = stringOf(source.pointer);
  if (status !== undefined) out.status = status;
  if (title !== undefined) out.title = title;
  if (detail !== undefined) out.detail = detail;
  if (pointer !== undefined) out.pointer = pointer;
  return out;
}

/** The error objects of a body, or undefined when the body is not a JSON:API error document. */
export function errorObjectsFrom(body: unknown): ApiErrorObject[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.errors)) return undefined;
  const objects: ApiErrorObject[] = [];
  for (const item of body.errors) {
    const object = errorObjectFrom(item);
    if (object) objects.push(object);
  }
  return objects;
}

/** One line per error object: `title: detail (pointer)`, skipping what the service left out. */
export function describeErrorObject(error: ApiErrorObject): string {
  const head = [error.title, error.detail].filter((part): part is string => Boolean(part)).join(': ');
  const text = head || (error.status ? `status ${error.status}` : 'no details');
  return error.pointer ? `${text} (${error.pointer})` : text;
}

// Every output is a table of formats, each a pure renderer of the same subject with the same
// options, and one function that picks the renderer: `renderPlan(plan, format, options)`,
// `renderAccessReport`, `renderApplyResult`, `renderValidation`. The formats `--format` accepts are
// the table's keys, in its order: a format is added by one row, and a row without a renderer does
// not compile.

/** One format of an output. */
export type Renderer<S, O> = (subject: S, options: O) => string;

/** An output's renderers by format name. */
export type Renderers<S, O> = { readonly [format: string]: Renderer<S, O> };

/** The options of an output that has none. */
export type NoOptions = Readonly<Record<string, never>>;

/** The format names of a table, in its order. */
export function formatsOf<T extends Renderers<never, never>>(renderers: T): readonly (keyof T & string)[] {
  return Object.keys(renderers);
}

/** The function that renders `subject` in `format`. */
export function byFormat<S, O, F extends string>(renderers: { readonly [K in F]: Renderer<S, O> }): (subject: S, format: F, options: O) => string {
  return (subject, format, options) => renderers[format](subject, options);
}

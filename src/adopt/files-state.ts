// The files' state of texts in memory: what a run reading the edited files would load
// (load/document.ts, then validate/), without writing them first. Pure.
import type { FilesState } from '../core/desired-state.js';
import { parseYamlText } from '../load/document.js';
import type { Problem } from '../load/problem.js';
import { validateDocuments } from '../validate/validate.js';
import type { AdoptFile } from './adopt.js';

export function stateOfTexts(files: readonly AdoptFile[]): { readonly state: FilesState } | { readonly problems: readonly Problem[] } {
  const parsed = files.map((f) => parseYamlText(f.path, f.text));
  const problems = parsed.flatMap((p) => p.problems);
  if (problems.length > 0) return { problems };
  return validateDocuments(parsed.map((p) => p.loaded));
}

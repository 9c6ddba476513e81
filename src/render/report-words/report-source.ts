// One source of a cell's access as the report says it (docs/evidence.md, "Correct cells"): its words
// (source-text.ts), a name that could be read as a separator quoted, and in brackets what the
// report adds: organization-wide, what shadows a moot grant, managed or not, when the files end it.
import { type AccessSource, type EffectiveCell, organizationWide } from '../../core/effective.js';
import { printable } from '../../core/printable.js';
import { sourceText } from '../shared/source-text.js';

/** A name as the report's lists write it: quoted (JSON) when it holds a separator, a quote, a bracket or edge spaces. */
export function listName(name: string): string {
  const shown = printable(name);
  return /[,;:"()[\]]|^\s|\s$/.test(shown) || shown === '' ? JSON.stringify(shown) : shown;
}

type TargetType = EffectiveCell['target']['type'];

/** The source's own words, its project's name quoted when needed. */
const ownWords = (source: AccessSource, type: TargetType): string => sourceText(source, type, listName);

function notes(source: AccessSource, type: TargetType): string[] {
  if (organizationWide(source)) return ['organization-wide'];
  if (source.kind !== 'project' && source.kind !== 'workspace') return [];
  return [
    ...(source.shadowedBy ? [`moot: shadowed by ${source.shadowedBy.map((s) => ownWords(s, type)).join(' and ')}`] : []),
    ...(source.managed === undefined ? [] : [source.managed ? 'managed' : 'unmanaged']),
    ...(source.expires === undefined ? [] : [`expires ${source.expires}`]),
  ];
}

/** `organization manage-workspaces [organization-wide]`, `workspace grant: plan [moot: shadowed by project platform: write; managed]`. */
export function reportSourceText(source: AccessSource, type: TargetType): string {
  const extra = notes(source, type);
  return extra.length > 0 ? `${ownWords(source, type)} [${extra.join('; ')}]` : ownWords(source, type);
}

/** Every source of the cell, joined with `, ` (a name holding a separator is quoted, so it never splits). */
export function reportSourcesText(cell: Pick<EffectiveCell, 'target' | 'sources'>): string {
  return cell.sources.map((s) => reportSourceText(s, cell.target.type)).join(', ');
}

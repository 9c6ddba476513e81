// A team named `<<` (the service takes any printable name: docs/api.md, "Teams") exported: YAML 1.2
// has no merge key, yet the files refuse a plain `<<` key as one (docs/files.md), so export writes it
// quoted, a name as written, and the file it writes loads back with the team's grant.
import { describe, expect, it } from 'vitest';
import { renderFile } from '../../src/export/yaml.js';
import { parseYamlText } from '../../src/load/document.js';

describe('export of a team named <<', () => {
  it('writes the name quoted, so the file loads back with its grant and no problem', () => {
    const text = renderFile('acme', [{ type: 'workspace', name: 'web', id: 'ws-web', teams: { '<<': 'read', dev: 'write' } }], 'schema.json', false, {
      '<<': { members: ['ana@acme.test'] },
    });
    expect(text).toContain('"<<": read');
    const { loaded, problems } = parseYamlText('acme.yaml', text);
    expect(problems).toEqual([]);
    expect(loaded?.data).toMatchObject({ teams: { '<<': { members: ['ana@acme.test'] } }, workspaces: { web: { teams: { '<<': 'read', dev: 'write' } } } });
  });
});

// The README's shell examples as data: every `tfe-access ...` line of a ```sh block, in order,
// with the `export VAR=...` lines before it. Pure text handling; the test runs them.

export type Step =
  | { readonly kind: 'env'; readonly vars: Readonly<Record<string, string>>; readonly line: string }
  | { readonly kind: 'run'; readonly args: readonly string[]; readonly stdoutTo?: string; readonly line: string };

/** Shell words with single and double quotes; no expansion (an example must not need any). */
export function words(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quote) throw new Error(`unbalanced quote in: ${text}`);
  if (started) out.push(current);
  return out;
}

/** The ```sh blocks of a Markdown text, continuation lines joined. */
export function shellBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  for (const match of markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const joined = (match[1] ?? '').replace(/\\\n\s*/g, ' ');
    blocks.push(joined.split('\n'));
  }
  return blocks;
}

const COMMENT = /\s+#.*$/;

/** One line of an example as a step, or undefined for lines that are not tfe-access or env. */
export function stepOf(raw: string): Step | undefined {
  const line = raw.replace(COMMENT, '').replace(/^\$ /, '').trim();
  if (line.startsWith('export ')) {
    const vars: Record<string, string> = {};
    for (const word of words(line.slice('export '.length))) {
      const eq = word.indexOf('=');
      if (eq > 0) vars[word.slice(0, eq)] = word.slice(eq + 1);
    }
    return { kind: 'env', vars, line: raw };
  }
  if (!line.startsWith('tfe-access ')) return undefined;
  // What follows `||`, `&&` or `|` is shell around the command, not the example.
  const command = line.split(/\s(?:\|\||&&|\|)\s/)[0] ?? line;
  const [before, redirect] = command.split(/\s>\s/);
  const args = words((before ?? '').replace(/&$/, '')).slice(1);
  if (args.some((arg) => /[$`]/.test(arg))) throw new Error(`an example needs shell expansion; give it a literal value: ${raw}`);
  const target = redirect?.trim();
  return target ? { kind: 'run', args, stdoutTo: target, line: raw } : { kind: 'run', args, line: raw };
}

export function stepsOf(markdown: string): Step[] {
  return shellBlocks(markdown).flatMap((block) => block.map(stepOf).filter((s): s is Step => s !== undefined));
}

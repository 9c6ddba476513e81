// The opening of every self-contained HTML page tfe-access writes (the report, the report diff):
// a Content-Security-Policy that forbids every request, so the file opens anywhere and leaks
// nothing; inline styles, and inline script only for a page that has one.

const csp = (script: boolean): string =>
  `default-src 'none'; style-src 'unsafe-inline';${script ? " script-src 'unsafe-inline';" : ''} base-uri 'none'; form-action 'none'`;

/** `<!doctype html>` to `<body>`: the title (already escaped) and the page's styles. */
export function htmlPageStart(title: string, style: string, options: { readonly script: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp(options.script)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
`;
}

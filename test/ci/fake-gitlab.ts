// A small GitLab REST API for the helper's tests: notes of one merge request, the merge requests
// of a commit, issues. Pages of two items, to exercise pagination. 401 without the right token.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GITLAB_TOKEN = 'glpat-canary-8080';
export const PROJECT = '42';
export const MR_IID = 5;
export const BOT_ID = 7;
const PAGE = 2;

export interface Note {
  id: number;
  body: string;
  author: { id: number };
}
export interface Issue {
  iid: number;
  title: string;
  description: string;
  labels: string[];
  state: 'opened' | 'closed';
  notes: string[];
}

export interface FakeGitlab {
  readonly url: string;
  readonly notes: Note[];
  readonly issues: Issue[];
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

export async function startFakeGitlab(): Promise<FakeGitlab> {
  const notes: Note[] = [];
  const issues: Issue[] = [];
  let nextId = 100;
  const route = async (method: string, url: URL, request: IncomingMessage): Promise<[number, unknown, Record<string, string>?]> => {
    const path = url.pathname.replace('/api/v4', '');
    const page = Number(url.searchParams.get('page') ?? '1');
    const paged = (items: unknown[]): [number, unknown, Record<string, string>] => {
      const next = page * PAGE < items.length ? String(page + 1) : '';
      return [200, items.slice((page - 1) * PAGE, page * PAGE), { 'x-next-page': next }];
    };
    const mrNotes = `/projects/${PROJECT}/merge_requests/${MR_IID}/notes`;
    if (method === 'GET' && path === '/user') return [200, { id: BOT_ID }];
    if (method === 'GET' && path === mrNotes) return paged(notes);
    if (method === 'POST' && path === mrNotes) {
      const note = { id: nextId++, body: (await bodyOf(request)).body ?? '', author: { id: BOT_ID } };
      notes.push(note);
      return [201, note];
    }
    const noteMatch = new RegExp(`^${mrNotes}/(\\d+)$`).exec(path);
    if (method === 'PUT' && noteMatch) {
      const note = notes.find((n) => n.id === Number(noteMatch[1]));
      if (!note) return [404, {}];
      note.body = (await bodyOf(request)).body ?? '';
      return [200, note];
    }
    if (method === 'GET' && /^\/projects\/42\/repository\/commits\/\w+\/merge_requests$/.test(path)) return [200, [{ iid: MR_IID, state: 'merged' }]];
    if (method === 'GET' && path === `/projects/${PROJECT}/issues`) {
      const label = url.searchParams.get('labels') ?? '';
      return paged(issues.filter((i) => i.state === url.searchParams.get('state') && i.labels.includes(label)));
    }
    if (method === 'POST' && path === `/projects/${PROJECT}/issues`) {
      const body = await bodyOf(request);
      const issue: Issue = {
        iid: issues.length + 1,
        title: body.title ?? '',
        description: body.description ?? '',
        labels: (body.labels ?? '').split(','),
        state: 'opened',
        notes: [],
      };
      issues.push(issue);
      return [201, issue];
    }
    const issueMatch = new RegExp(`^/projects/${PROJECT}/issues/(\\d+)(/notes)?$`).exec(path);
    const issue = issues.find((i) => i.iid === Number(issueMatch?.[1]));
    if (issueMatch && issue) {
      const body = await bodyOf(request);
      if (method === 'POST' && issueMatch[2]) issue.notes.push(body.body ?? '');
      else if (method === 'PUT' && body.state_event === 'close') issue.state = 'closed';
      else if (method === 'PUT') issue.description = body.description ?? issue.description;
      return [200, issue];
    }
    return [404, { message: '404 Not found' }];
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const answer =
      request.headers['private-token'] === GITLAB_TOKEN
        ? route(request.method ?? 'GET', url, request)
        : Promise.resolve([401, { message: '401 Unauthorized' }] as [number, unknown]);
    void answer.then(([status, body, headers]) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v4`,
    notes,
    issues,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

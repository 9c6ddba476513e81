// A small GitLab REST API for the helper's tests: notes of one merge request, the merge requests
// of a commit, the drift merge requests (listed by source branch, opened, edited, noted, closed).
// Pages of two items, to exercise pagination. 401 without the right token.
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
export interface MergeRequest {
  iid: number;
  source_branch: string;
  target_branch: string;
  title: string;
  description: string;
  remove_source_branch: boolean;
  state: 'opened' | 'closed';
  notes: string[];
}
/** The token's own user (a project access token's bot). */
export const BOT = { id: BOT_ID, username: 'project_42_bot_1', name: 'tfe-access drift', email: 'project_42_bot_1@noreply.gitlab.example' };

export interface FakeGitlab {
  readonly url: string;
  readonly notes: Note[];
  readonly mergeRequests: MergeRequest[];
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, any>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, any>) : {};
}

export async function startFakeGitlab(): Promise<FakeGitlab> {
  const notes: Note[] = [];
  const mergeRequests: MergeRequest[] = [];
  let nextId = 100;
  const route = async (method: string, url: URL, request: IncomingMessage): Promise<[number, unknown, Record<string, string>?]> => {
    const path = url.pathname.replace('/api/v4', '');
    const page = Number(url.searchParams.get('page') ?? '1');
    const paged = (items: unknown[]): [number, unknown, Record<string, string>] => {
      const next = page * PAGE < items.length ? String(page + 1) : '';
      return [200, items.slice((page - 1) * PAGE, page * PAGE), { 'x-next-page': next }];
    };
    const mrNotes = `/projects/${PROJECT}/merge_requests/${MR_IID}/notes`;
    if (method === 'GET' && path === '/user') return [200, BOT];
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
    const mrs = `/projects/${PROJECT}/merge_requests`;
    if (method === 'GET' && path === mrs) {
      const wanted = (mr: MergeRequest) => mr.state === url.searchParams.get('state') && mr.source_branch === url.searchParams.get('source_branch');
      return paged(mergeRequests.filter(wanted));
    }
    if (method === 'POST' && path === mrs) {
      const body = await bodyOf(request);
      // Drift merge requests count from 10: MR_IID (5) is the plan tests' own.
      const mr: MergeRequest = {
        iid: 10 + mergeRequests.length,
        source_branch: String(body.source_branch),
        target_branch: String(body.target_branch),
        title: String(body.title),
        description: String(body.description),
        remove_source_branch: body.remove_source_branch === true,
        state: 'opened',
        notes: [],
      };
      mergeRequests.push(mr);
      return [201, mr];
    }
    const mrMatch = new RegExp(`^${mrs}/(\\d+)(/notes)?$`).exec(path);
    const mr = mergeRequests.find((m) => m.iid === Number(mrMatch?.[1]));
    if (mrMatch && mr) {
      const body = await bodyOf(request);
      if (method === 'POST' && mrMatch[2]) mr.notes.push(String(body.body));
      else if (method === 'PUT' && body.state_event === 'close') mr.state = 'closed';
      else if (method === 'PUT') mr.description = String(body.description ?? mr.description);
      else return [405, {}];
      return [200, mr];
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
    mergeRequests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

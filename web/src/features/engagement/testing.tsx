import type { NewsItem, Notification, OpenCampaign, Unlock } from '@talkwith/proto/engagement';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Shell } from '../../app/Shell.tsx';
import { fakeServer, sampleUser, type RecordedCall } from '../../test/harness.tsx';

/** Engagement answers for the page tests, shaped as services/engagement/API.md says; each test builds its own. */

let next = 0;
const id = (prefix: string) => `${prefix}-${++next}-${Math.random().toString(36).slice(2, 8)}`;

export function aUser() {
  const userId = id('u');
  return { ...sampleUser, id: userId, email: `${userId}@example.jp` };
}

export function signedInAs(user: ReturnType<typeof aUser>) {
  return { session: { status: 'authenticated' as const, accessToken: 'access-token', user } };
}

export const loggedOut = { session: { status: 'guest' as const, accessToken: null, user: null } };

export function aNotification(fields: Partial<Notification> = {}): Notification {
  return {
    id: id('n'),
    kind: 'admin',
    title: 'メンテナンスのお知らせ',
    body: '12月1日 2:00〜4:00 はご利用いただけません。',
    is_news: false,
    read: false,
    published_at: '2026-11-20T03:00:00.000Z',
    publish_until: null,
    created_at: '2026-11-20T03:00:00.000Z',
    ...fields,
  };
}

export function aNewsItem(fields: Partial<NewsItem> = {}): NewsItem {
  return {
    id: id('news'),
    title: '新キャラクター登場',
    body: 'ユイと話せるようになりました。',
    published_at: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

export function anUnlock(fields: Partial<Unlock> = {}): Unlock {
  return {
    coupon_id: id('c'),
    character_id: 'yui',
    block_id: 'bonus-1',
    tickets: 0,
    redeemed_at: '2026-11-20T03:00:00.000Z',
    serial_masked: '*************X7Q',
    ...fields,
  };
}

export function aCampaign(fields: Partial<OpenCampaign> = {}): OpenCampaign {
  return {
    id: id('cp'),
    title: '冬のログインキャンペーン',
    description: '期間中に応募すると特典がもらえます。',
    starts_at: '2026-12-01T00:00:00.000Z',
    ends_at: '2026-12-31T14:59:59.000Z',
    grant: { kind: 'points', amount: 100 },
    entered: false,
    ...fields,
  };
}

/** The contract's error body: `{ok:false, message, error, code}` with a Japanese message. */
export const refusal = (status: number, code: string, message: string): [number, unknown] => [
  status,
  { ok: false, code, message, error: code },
];

/** The serial 429's message as engagement words it: SPEC.md §8's text with the wait (as `Retry-After`). */
export const RATE_LIMIT_TEXT = '入力回数の上限を超えたため、一時的に制限されています。15分後に再度お試しください。';

type Answer = [number, unknown];
type Route = Answer | ((call: RecordedCall) => Answer);

/** A scripted engagement server: `'POST serial/check': [200, {...}]`, keyed without the query string; anything else answers 404. */
export function engagementServer(routes: Record<string, Route>) {
  return fakeServer((call) => {
    const route = routes[`${call.method} ${call.url.replace(/^\/api\//, '')}`];
    if (!route) return [404, { ok: false, code: 'NOT_FOUND', message: 'not scripted' }];
    return typeof route === 'function' ? route(call) : route;
  });
}

/** The pages inside the app's Shell (menu, popup dialog) as in the browser. */
export const inShell = (routes: RouteObject[]): RouteObject[] => [{ element: <Shell />, children: routes }];

/** The full URLs (with query strings) the page fetched: the harness records paths only. */
export function fetchedUrls(): string[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls;
  return calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
}

/** Holds every answer of the scripted server until `release()`: to see the page while a request runs. */
export function holdAnswers() {
  const answer = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    await gate;
    return answer(input, init);
  });
  return { release };
}

import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { PublicUser } from '@talkwith/proto/identity';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './cookies.ts';
import { signedIn, signedOut, type SessionState } from './session.ts';

type StateWithSession = { session: SessionState };
type Args = string | FetchArgs;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  prepareHeaders: (headers, { getState, type }) => {
    const token = (getState() as StateWithSession).session.accessToken;
    if (token) headers.set('authorization', `Bearer ${token}`);
    // Double-submit CSRF: copy the readable cookie into the header on every mutation.
    const csrf = readCookie(CSRF_COOKIE);
    if (type === 'mutation' && csrf) headers.set(CSRF_HEADER, csrf);
    return headers;
  },
});

/** Calls that must never trigger a refresh: they are the session's own calls. */
const SESSION_URLS = new Set(['auth/login', 'auth/refresh', 'auth/logout']);

function urlOf(args: Args): string {
  return (typeof args === 'string' ? args : args.url).replace(/^\//, '');
}

interface RefreshReply {
  ok: true;
  accessToken: string;
  user: PublicUser;
}

export const refreshArgs = (): FetchArgs => ({
  url: 'auth/refresh',
  method: 'POST',
  headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
});

// One refresh at a time: parallel 401s share it, because a refresh token is
// single-use and a second concurrent rotation would look like token theft.
let refreshing: Promise<boolean> | null = null;

type Api = Parameters<BaseQueryFn>[1];

/** The Web Lock every tab of this browser takes around a refresh (they share the refresh and CSRF cookies). */
export const REFRESH_LOCK = 'talkwith-session-refresh';

/**
 * Runs `work` while no other tab refreshes. Two tabs opened at once each
 * restore their session: without the lock both sent the same refresh token
 * (the second looked like a replay) or one sent the CSRF header read before
 * the other's rotation with the cookie set after it (403), and that tab lost
 * its session. Inside the lock the CSRF cookie is read afresh, so each tab
 * rotates the token the previous one left. Browsers without Web Locks refresh directly.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

export function refreshSessionOnce(api: Api, extraOptions: object): Promise<boolean> {
  refreshing ??= oneTabAtATime(async () => {
    const result = await rawBaseQuery(refreshArgs(), api, extraOptions);
    const data = result.data as RefreshReply | undefined;
    if (data?.ok) api.dispatch(signedIn({ accessToken: data.accessToken, user: data.user }));
    else api.dispatch(signedOut());
    return Boolean(data?.ok);
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** On a 401, refreshes the session once (POST /api/auth/refresh) and retries the call. */
export const baseQueryWithReauth: BaseQueryFn<Args, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || SESSION_URLS.has(urlOf(args))) return result;
  const hadSession =
    (api.getState() as StateWithSession).session.accessToken !== null || readCookie(CSRF_COOKIE) !== null;
  if (!hadSession) return result;
  if (!(await refreshSessionOnce(api, extraOptions))) return result;
  return rawBaseQuery(args, api, extraOptions);
};

import { useSelector } from 'react-redux';
import { api } from './api.ts';
import { selectSession } from './session.ts';

/**
 * The run-time client config for the session of now. The cache key is the
 * viewer and its session (the end of its access token, which every log-in and
 * refresh renews), so the admin prefix appears right after an admin logs in or
 * a reload restores the session, and an answer fetched with a token the server
 * no longer honoured (e.g. revoked by a password change: `{}`) is not kept for
 * the user's next session.
 */
export function useClientConfig() {
  const { user, accessToken } = useSelector(selectSession);
  return api.useConfigQuery(user && accessToken ? `${user.id}:${accessToken.slice(-16)}` : 'guest');
}

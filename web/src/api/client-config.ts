import { useSelector } from 'react-redux';
import { api } from './api.ts';
import { selectUser } from './session.ts';

/**
 * The run-time client config for whoever is signed in now. The cache key is
 * the viewer, so the admin prefix appears right after an admin logs in (or a
 * reload restores the session) instead of staying the anonymous answer.
 */
export function useClientConfig() {
  const viewer = useSelector(selectUser)?.id ?? 'guest';
  return api.useConfigQuery(viewer);
}

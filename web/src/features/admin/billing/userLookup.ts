import { useCallback } from 'react';
import type { PublicUser } from '@talkwith/proto/identity';
import { adminApi } from '../adminApi.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { useLazyAdminUserByIdQuery } from './billingAdminApi.ts';

/**
 * Finds the account an operator means by a user id or an e-mail address
 * (the identity service's admin users API, as UsersPage uses it): an address
 * is searched exactly, anything else is taken as an id. Null when none.
 */
export function useUserLookup() {
  const { apiBase } = useAdminBase();
  const [byEmail] = adminApi.useLazyAdminUsersQuery();
  const [byId] = useLazyAdminUserByIdQuery();
  return useCallback(
    async (text: string): Promise<PublicUser | null> => {
      const wanted = text.trim();
      if (!wanted) return null;
      if (wanted.includes('@')) {
        const found = await byEmail({ base: apiBase, email: wanted, exact: true, onlyNew: false, page: 1 }).unwrap();
        return found.users[0] ?? null;
      }
      const found = await byId({ base: apiBase, userId: wanted })
        .unwrap()
        .catch((failure: unknown) => {
          if (typeof failure === 'object' && failure !== null && 'status' in failure && failure.status === 404)
            return null;
          throw failure;
        });
      return found?.user ?? null;
    },
    [apiBase, byEmail, byId],
  );
}

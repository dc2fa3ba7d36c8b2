import type { LogUser } from '@talkwith/proto/logging';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminTexts } from '../i18n.ts';
import { MIN_QUERY, UserPicker, type PickerOption } from '../users/UserPicker.tsx';
import { useAdminLogUsersQuery } from './logsAdminApi.ts';

/** How an account is named on the log screen: its address, or its id when the address is gone (deleted) or not known. */
export function userLabel(user: LogUser | undefined, id: string, deleted: string): string {
  if (!user || !user.email) return user?.deleted_at ? `${id} ${deleted}` : id;
  return user.email;
}

/** Suggestions from the logging service's accounts: it also knows deleted ones, whose logs stay. */
function useLogUserOptions(text: string): PickerOption[] {
  const { t } = useAdminTexts('logs');
  const { apiBase } = useAdminBase();
  const { data } = useAdminLogUsersQuery({ base: apiBase, q: text }, { skip: text.length < MIN_QUERY });
  if (text.length < MIN_QUERY) return [];
  return (data?.users ?? []).map((user) => ({
    id: user.user_id,
    label: userLabel(user, user.user_id, t('filter.deletedUser')),
  }));
}

/**
 * The filter's user field: the operator types part of an address (or an
 * id), picks the account by its address, and the filter gets its id.
 */
export function LogUserPicker({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const { t } = useAdminTexts('logs');
  return (
    <UserPicker
      label={t('filter.userId')}
      hint={t('filter.userHint')}
      value={value}
      onChange={onChange}
      useOptions={useLogUserOptions}
    />
  );
}

import { useDeferredValue, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogUser } from '@talkwith/proto/logging';
import { Field } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminLogUsersQuery } from './logsAdminApi.ts';

const MIN_QUERY = 2;

/** How an account is named on the log screen: its address, or its id when the address is gone (deleted) or not known. */
export function userLabel(user: LogUser | undefined, id: string, deleted: string): string {
  if (!user || !user.email) return user?.deleted_at ? `${id} ${deleted}` : id;
  return user.email;
}

/**
 * The filter's user field: an id, with suggestions from GET logs/users as
 * the operator types an id or part of an address (the option's value is the
 * id, its label the address).
 */
export function LogUserPicker({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const { t } = useTranslation(ADMIN_NS, { keyPrefix: 'logs' });
  const { apiBase } = useAdminBase();
  const listId = useId();
  const typed = useDeferredValue(value.trim());
  const { data } = useAdminLogUsersQuery({ base: apiBase, q: typed }, { skip: typed.length < MIN_QUERY });
  return (
    <>
      <Field label={t('filter.userId')} hint={t('filter.userHint')} value={value} maxLength={128} list={listId} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      <datalist id={listId}>
        {(typed.length >= MIN_QUERY ? data?.users ?? [] : []).map((user) => (
          <option key={user.user_id} value={user.user_id} label={userLabel(user, user.user_id, t('filter.deletedUser'))} />
        ))}
      </datalist>
    </>
  );
}

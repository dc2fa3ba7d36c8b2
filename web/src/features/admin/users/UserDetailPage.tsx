import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PublicUser } from '@talkwith/proto/identity';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminBillingAccountQuery, useAdminUserByIdQuery } from '../billing/billingAdminApi.ts';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { UserPointsTab } from '../billing/UserPointsTab.tsx';
import { UserPurchasesTab, UserSubscriptionTab } from '../billing/UserPurchasesTab.tsx';
import { UserTicketsTab } from '../billing/UserTicketsTab.tsx';
import { useAdminTexts } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { UserContentTab } from '../userContent/UserContentTab.tsx';
import { DeleteDialog, EditProfileDialog, EmailDialog, PasswordDialog, type DialogProps } from './UserDialogs.tsx';
import { SuspendDialog } from './SuspendDialog.tsx';
import { UserLogsTab } from './UserLogsTab.tsx';
import { UserProfileCard } from './UserProfileCard.tsx';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import '../billing/billing.css';
import './users.css';

const TABS = ['purchases', 'tickets', 'points', 'subscription', 'content', 'logs'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

const ACTIONS = {
  edit: EditProfileDialog,
  password: PasswordDialog,
  email: EmailDialog,
  suspend: SuspendDialog,
  delete: DeleteDialog,
} as const;
type Action = keyof typeof ACTIONS;

function UserActions({ user, onDone }: { user: PublicUser; onDone: DialogProps['onDone'] }) {
  const { t } = useAdminTexts('users');
  const [open, setOpen] = useState<Action | null>(null);
  const Dialog = open ? ACTIONS[open] : null;
  return (
    <div className="admin-head__actions users-actions">
      {(['edit', 'password', 'email'] as const).map((action) => (
        <button key={action} type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(action)}>
          {t(`actions.${action}`)}
        </button>
      ))}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen('suspend')}>
        {t(user.suspended_at ? 'suspend.lift' : 'actions.suspend')}
      </button>
      <button type="button" className="btn btn--danger btn--small" onClick={() => setOpen('delete')}>
        {t('actions.delete')}
      </button>
      {Dialog && <Dialog user={user} onClose={() => setOpen(null)} onDone={onDone} />}
    </div>
  );
}

function Tabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const { t } = useAdminTexts('users');
  return (
    <div className="sub-nav billing-tabs" role="tablist">
      {TABS.map((name) => (
        <a
          key={name}
          href={`?tab=${name}`}
          role="tab"
          aria-selected={tab === name}
          className={tab === name ? 'active' : undefined}
          onClick={(e) => {
            e.preventDefault();
            onTab(name);
          }}
        >
          {t(`tabs.${name}`)}
        </a>
      ))}
    </div>
  );
}

/**
 * `users/:id`: one account — its profile and the operator's actions on it
 * (edit, password, e-mail, delete; each confirmed in a dialog), then what it
 * bought and holds, its plans, its talks and albums per character, and its logs.
 */
export function UserDetailPage() {
  const { t, i18n } = useAdminTexts('users');
  const { apiBase, basePath } = useAdminBase();
  const navigate = useNavigate();
  const { id: userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'purchases';
  const [done, setDone] = useState<string | null>(null);
  const { data, error, isLoading } = useAdminUserByIdQuery({ base: apiBase, userId });
  // Identity forgets a deleted account; billing keeps its money records and says when it was deleted.
  const gone = Boolean(error && 'status' in error && error.status === 404);
  const account = useAdminBillingAccountQuery({ base: apiBase, userId }, { skip: !gone }).data;
  const deletedAt = gone ? account?.deleted_at : null;
  const onDone = (message: string, deleted = false) => {
    if (deleted) void navigate(`${basePath}/users`, { state: { notice: message } });
    else setDone(message);
  };
  return (
    <>
      <nav className="billing-trail">
        <Link to={`${basePath}/users`}>{t('list')}</Link> ›{' '}
        <TrailName id={userId} name={data?.user.email} pending={isLoading} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title" title={userId}>
          {data?.user.email ?? (deletedAt ? t('status.deleted') : userId)}
        </h2>
        {data && <UserActions user={data.user} onDone={onDone} />}
      </div>
      <JstNote />
      {done && <Notice kind="success">{done}</Notice>}
      {isLoading && <Spinner label={t('loading')} />}
      {deletedAt && <Notice kind="info">{t('deletedLead', { date: when(deletedAt, i18n.language) })}</Notice>}
      {error && !deletedAt && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {data && <UserProfileCard user={data.user} />}
      <Tabs tab={tab} onTab={(name) => setParams({ tab: name }, { replace: true })} />
      {tab === 'purchases' && <UserPurchasesTab userId={userId} />}
      {tab === 'tickets' && <UserTicketsTab userId={userId} />}
      {tab === 'points' && <UserPointsTab userId={userId} />}
      {tab === 'subscription' && <UserSubscriptionTab userId={userId} />}
      {tab === 'content' && <UserContentTab userId={userId} />}
      {tab === 'logs' && <UserLogsTab userId={userId} />}
    </>
  );
}

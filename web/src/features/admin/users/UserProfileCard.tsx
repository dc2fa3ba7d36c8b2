import type { PublicUser } from '@talkwith/proto/identity';
import { Card } from '../../../app/ui.tsx';
import { when } from '../billing/format.ts';
import { useAdminTexts } from '../i18n.ts';

/** The account as identity holds it; times in Japan time (the page says JST). */
export function UserProfileCard({ user }: { user: PublicUser }) {
  const { t, i18n } = useAdminTexts('users');
  const facts: [string, string][] = [
    [t('profile.nickname'), user.nickname || '—'],
    [t('profile.email'), user.email],
    [t('profile.roles'), user.roles.map((role) => t(`role.${role}`)).join('、')],
    [t('profile.confirmed'), user.email_confirmed ? t('profile.yes') : t('profile.no')],
    [t('profile.created'), when(user.created_at, i18n.language)],
    [t('profile.lastLogin'), user.last_login_at ? when(user.last_login_at, i18n.language) : t('profile.never')],
    [
      t('profile.status'),
      user.suspended_at ? t('status.suspended', { date: when(user.suspended_at, i18n.language) }) : t('status.active'),
    ],
    ...(user.suspend_reason ? [[t('profile.suspendReason'), user.suspend_reason] as [string, string]] : []),
    [t('profile.gender'), t(`gender.${user.gender}`)],
    [t('profile.birth'), user.date_of_birth],
    [t('profile.language'), user.language],
  ];
  return (
    <Card>
      <dl className="users-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('profile.id')}</dt>
          <dd>
            <code className="billing-id">{user.id}</code>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

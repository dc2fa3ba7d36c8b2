import { useState } from 'react';
import type { PublicUser, Role } from '@talkwith/proto/identity';
import { Field } from '../../../app/ui.tsx';
import { useAdminDeleteUserMutation } from '../adminApi.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminSubscriptionsQuery } from '../billing/billingAdminApi.ts';
import { ConfirmDialog } from '../billing/ConfirmDialog.tsx';
import { useAdminTexts } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import {
  useAdminChangeEmailMutation,
  useAdminChangePasswordMutation,
  useAdminUpdateUserMutation,
} from './usersAdminApi.ts';

/** onDone gets the line to show; `deleted` when the account is gone (the page leaves for the list). */
export interface DialogProps {
  user: PublicUser;
  onClose: () => void;
  onDone: (message: string, deleted?: boolean) => void;
}

const ROLES: Role[] = ['customer', 'admin'];

/** A yes/no choice an operator must read: "with a mail to the user" or "without". */
function MailChoice({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useAdminTexts('users');
  return (
    <fieldset className="users-choice">
      <legend>{label}</legend>
      <label className="check">
        <input type="radio" name={name} checked={value} onChange={() => onChange(true)} />
        {t('mail.with')}
      </label>
      <label className="check">
        <input type="radio" name={name} checked={!value} onChange={() => onChange(false)} />
        {t('mail.without')}
      </label>
    </fieldset>
  );
}

export function EditProfileDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useAdminTexts('users');
  const { apiBase } = useAdminBase();
  const [update] = useAdminUpdateUserMutation();
  const [nickname, setNickname] = useState(user.nickname);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const toggle = (role: Role, on: boolean) => setRoles(ROLES.filter((r) => (r === role ? on : roles.includes(r))));
  useLeaveGuard(nickname !== user.nickname || ROLES.some((r) => roles.includes(r) !== user.roles.includes(r)));
  return (
    <ConfirmDialog
      title={t('edit.title')}
      confirmLabel={t('edit.confirm')}
      onClose={onClose}
      check={() =>
        roles.length === 0 ? t('edit.roleRequired') : nickname.length > 40 ? t('edit.nicknameTooLong') : null
      }
      onConfirm={async () => {
        await update({ base: apiBase, userId: user.id, body: { nickname, roles } }).unwrap();
        onDone(t('edit.done'));
      }}
    >
      <Field
        label={t('profile.nickname')}
        value={nickname}
        maxLength={40}
        onChange={(e) => setNickname(e.target.value)}
      />
      <fieldset className="users-choice">
        <legend>{t('profile.roles')}</legend>
        {ROLES.map((role) => (
          <label key={role} className="check">
            <input type="checkbox" checked={roles.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />
            {t(`role.${role}`)}
          </label>
        ))}
      </fieldset>
      <p className="muted small">{t('edit.rolesHint')}</p>
    </ConfirmDialog>
  );
}

export function PasswordDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useAdminTexts('users');
  const { apiBase } = useAdminBase();
  const [change] = useAdminChangePasswordMutation();
  const [password, setPassword] = useState('');
  const [sendMail, setSendMail] = useState(true);
  useLeaveGuard(password !== '');
  return (
    <ConfirmDialog
      title={t('password.title')}
      confirmLabel={t('password.confirm')}
      onClose={onClose}
      check={() => (password.length === 0 ? t('password.required') : null)}
      onConfirm={async () => {
        await change({ base: apiBase, user_id: user.id, password, sendMail }).unwrap();
        onDone(sendMail ? t('password.doneMailed', { email: user.email }) : t('password.done'));
      }}
    >
      <Field
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <MailChoice
        name="password-mail"
        label={t('password.mail', { email: user.email })}
        value={sendMail}
        onChange={setSendMail}
      />
      <p className="muted small">{t('password.sessionsHint')}</p>
    </ConfirmDialog>
  );
}

export function EmailDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useAdminTexts('users');
  const { apiBase } = useAdminBase();
  const [change] = useAdminChangeEmailMutation();
  const [email, setEmail] = useState('');
  const [verify, setVerify] = useState(true);
  const [notice, setNotice] = useState(true);
  useLeaveGuard(email.trim() !== '');
  return (
    <ConfirmDialog
      title={t('email.title')}
      confirmLabel={t('email.confirm')}
      onClose={onClose}
      check={() => (/^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : t('email.invalid'))}
      onConfirm={async () => {
        await change({
          base: apiBase,
          user_id: user.id,
          new_email: email.trim(),
          vertificationMail: verify,
          sendMail: notice,
        }).unwrap();
        onDone(verify ? t('email.donePending', { email: email.trim() }) : t('email.done', { email: email.trim() }));
      }}
    >
      <p className="muted small">{t('email.current', { email: user.email })}</p>
      <Field
        label={t('email.new')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <MailChoice name="email-verify" label={t('email.verify')} value={verify} onChange={setVerify} />
      <p className="muted small">{verify ? t('email.verifyOn') : t('email.verifyOff')}</p>
      <MailChoice
        name="email-notice"
        label={t('email.notice', { email: user.email })}
        value={notice}
        onChange={setNotice}
      />
    </ConfirmDialog>
  );
}

/** Deleting erases the account; billing keeps its money records, forfeits the balance and cancels running plans (services/billing/API.md). */
export function DeleteDialog({ user, onClose, onDone }: DialogProps) {
  const { t } = useAdminTexts('users');
  const { apiBase } = useAdminBase();
  const [remove] = useAdminDeleteUserMutation();
  const { data } = useAdminSubscriptionsQuery({ base: apiBase, page: 1, user_id: user.id });
  const running = (data?.subscriptions ?? []).filter((s) => s.status === 'active');
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      danger
      onClose={onClose}
      check={() => null}
      onConfirm={async () => {
        await remove({ base: apiBase, id: user.id }).unwrap();
        onDone(t('delete.done', { email: user.email }), true);
      }}
    >
      <p>{t('delete.lead', { email: user.email })}</p>
      <ul className="users-consequences">
        {running.map((s) => (
          <li key={s.subscription_id}>{t('delete.plan', { name: s.name })}</li>
        ))}
        {data && running.length === 0 && <li>{t('delete.noPlan')}</li>}
        <li>{t('delete.balance')}</li>
        <li>{t('delete.records')}</li>
      </ul>
    </ConfirmDialog>
  );
}

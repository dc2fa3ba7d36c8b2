import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Operator } from '@talkwith/proto/identity';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog, refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { useAdminTexts } from '../i18n.ts';
import {
  useAdminInviteOperatorMutation,
  useAdminOperatorsQuery,
  useAdminRevokeOperatorMutation,
} from './operatorsApi.ts';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import '../billing/billing.css';
import './operators.css';

/**
 * `operators`: who may use the console. An admin invites by e-mail (an
 * existing confirmed account is promoted; otherwise a mail with a link to set
 * a password goes out) and revokes; the server keeps the last active admin.
 */
export function OperatorsPage() {
  const { t } = useAdminTexts('operators');
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('title')}</h2>
      </div>
      <p className="muted small">{t('lead')}</p>
      {done && <Notice kind="success">{done}</Notice>}
      <InviteForm onDone={setDone} />
      <OperatorList onDone={setDone} />
    </>
  );
}

function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useAdminTexts('operators');
  const { apiBase } = useAdminBase();
  const [invite, { isLoading }] = useAdminInviteOperatorMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const reply = await invite({ base: apiBase, email: email.trim() }).unwrap();
      onDone(t(reply.outcome === 'promoted' ? 'promoted' : 'invited', { email: reply.operator.email }));
      setEmail('');
    } catch (failure) {
      setError(refusalOf(failure, t('failed')));
    }
  };
  return (
    <Card>
      <form className="operators-invite" onSubmit={(e) => void submit(e)}>
        <Field
          label={t('email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint={t('inviteHint')}
        />
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {t('invite')}
        </button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
    </Card>
  );
}

function OperatorList({ onDone }: { onDone: (message: string) => void }) {
  const { t, i18n } = useAdminTexts('operators');
  const { apiBase, basePath } = useAdminBase();
  const { data, error, isLoading } = useAdminOperatorsQuery({ base: apiBase });
  const [revoking, setRevoking] = useState<Operator | null>(null);
  if (isLoading) return <Spinner label={t('loading')} />;
  if (error) return <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>;
  return (
    <>
      <table className="admin-table operators-table">
        <thead>
          <tr>
            <th>{t('email')}</th>
            <th>{t('state')}</th>
            <th>{t('lastLogin')}</th>
            <th>
              <span className="visually-hidden">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(data?.operators ?? []).map((operator) => (
            <tr key={operator.id}>
              <td>
                <Link to={`${basePath}/users/${operator.id}`} title={operator.id}>
                  {operator.email}
                </Link>
              </td>
              <td data-label={t('state')}>
                {t(operator.suspended_at ? 'suspended' : operator.invited ? 'pending' : 'active')}
              </td>
              <td data-label={t('lastLogin')}>
                {operator.last_login_at ? when(operator.last_login_at, i18n.language) : t('never')}
              </td>
              <td>
                <button type="button" className="btn btn--danger btn--small" onClick={() => setRevoking(operator)}>
                  {t('revoke')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <JstNote />
      {revoking && <RevokeDialog operator={revoking} onClose={() => setRevoking(null)} onDone={onDone} />}
    </>
  );
}

function RevokeDialog({
  operator,
  onClose,
  onDone,
}: {
  operator: Operator;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useAdminTexts('operators');
  const { apiBase } = useAdminBase();
  const [revoke] = useAdminRevokeOperatorMutation();
  return (
    <ConfirmDialog
      title={t('revokeTitle')}
      confirmLabel={t('revoke')}
      danger
      onClose={onClose}
      check={() => null}
      onConfirm={async () => {
        await revoke({ base: apiBase, userId: operator.id }).unwrap();
        onDone(t('revoked', { email: operator.email }));
      }}
    >
      <p>{t('revokeLead', { email: operator.email })}</p>
    </ConfirmDialog>
  );
}

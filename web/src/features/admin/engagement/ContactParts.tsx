import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactStatus, DeviceInfo } from '@talkwith/proto/engagement';
import { Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { SelectField, TextAreaField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { CONTACT_STATUSES, DEVICE_FIELDS, isContactStatus } from './contactLabels.ts';
import { useAdminReplyContactMutation, useAdminSetContactStatusMutation } from './contactsAdminApi.ts';
import { japanTime } from './time.ts';

/** The device information the form sent (categories 1 and 2), one row per field it holds. */
export function DeviceTable({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation(ADMIN_NS);
  const rows = DEVICE_FIELDS.filter((field) => device[field] !== undefined);
  if (rows.length === 0) return <p className="muted small">{t('engagement.contacts.detail.noDevice')}</p>;
  const shown = (value: string | boolean | undefined) =>
    typeof value === 'boolean' ? t(value ? 'engagement.yes' : 'engagement.no') : value;
  return (
    <table className="engagement-device">
      <caption className="visually-hidden">{t('engagement.contacts.detail.device')}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('engagement.contacts.detail.deviceField')}</th>
          <th scope="col">{t('engagement.contacts.detail.deviceValue')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((field) => (
          <tr key={field}>
            <th scope="row">{t(`engagement.contacts.device.${field}`)}</th>
            <td className="engagement-code">{shown(device[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The messages after the first: admins' replies (mailed) and anything the customer added. */
export function Thread({ contact }: { contact: Contact }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  // The first message of the thread is the contact's own message when the server keeps it there too; it is shown above.
  const [first, ...rest] = contact.thread;
  const messages = first && first.from === 'customer' && first.body === contact.message ? rest : contact.thread;
  if (messages.length === 0) return <p className="muted small">{t('engagement.contacts.detail.noReplies')}</p>;
  return (
    <ol className="engagement-thread">
      {messages.map((m, index) => (
        <li
          key={`${m.at}:${index}`}
          className={`engagement-thread__item${m.from === 'admin' ? ' engagement-thread__item--admin' : ''}`}
        >
          <div className="engagement-thread__meta">
            {t(`engagement.contacts.detail.from.${m.from}`)}
            {m.admin_id ? `（${m.admin_id}）` : ''} · {japanTime(m.at, i18n.language)}
          </div>
          <p className="engagement-text">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** new → in progress → answered (a reply also sets answered). */
export function StatusForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [status, setStatus] = useState<ContactStatus>(contact.status);
  const [change, { isLoading, error }] = useAdminSetContactStatusMutation();
  const { t: d } = useAdminTexts('engagement.contacts');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change({ base: apiBase, id: contact.id, status });
  };
  return (
    <form className="engagement-inline-form" onSubmit={submit} aria-label={d('detail.statusTitle')}>
      <SelectField
        label={d('column.status')}
        value={status}
        onChange={(e) => {
          if (isContactStatus(e.target.value)) setStatus(e.target.value);
        }}
        choices={CONTACT_STATUSES.map((s) => ({ value: s, label: d(`status.${s}`) }))}
      />
      <button type="submit" className="btn btn--primary" disabled={isLoading || status === contact.status}>
        {d('detail.changeStatus')}
      </button>
      {error && (
        <div className="engagement-inline-form__wide">
          <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>
        </div>
      )}
    </form>
  );
}

/** A reply mailed to the customer's address; it joins the thread and the contact becomes answered. */
export function ReplyForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [reply, { isLoading }] = useAdminReplyContactMutation();
  useLeaveGuard(!!(subject.trim() || body.trim()));
  const { t: r } = useAdminTexts('engagement.contacts.reply');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setOutcome({ kind: 'error', text: r('bodyRequired') });
      return;
    }
    setOutcome(null);
    try {
      await reply({
        base: apiBase,
        id: contact.id,
        body: { body: body.trim(), ...(subject.trim() ? { subject: subject.trim() } : {}) },
      }).unwrap();
      setBody('');
      setSubject('');
      setOutcome({ kind: 'success', text: t('engagement.contacts.reply.sent', { email: contact.email }) });
    } catch (failure) {
      setOutcome({ kind: 'error', text: refusalOf(failure, t('engagement.failed')) });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={r('title')}>
      <Field
        label={r('subject')}
        value={subject}
        maxLength={200}
        onChange={(e) => setSubject(e.target.value)}
        hint={r('subjectHint')}
      />
      <TextAreaField
        label={r('body')}
        value={body}
        maxLength={10_000}
        rows={6}
        required
        onChange={(e) => setBody(e.target.value)}
        hint={t('engagement.contacts.reply.to', { email: contact.email })}
      />
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          {isLoading ? t('engagement.sending') : r('send')}
        </button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNotification, NotificationAddBody } from '@talkwith/proto/engagement';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { SelectField, SwitchField, TextAreaField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import type { AdminMessages } from '../messages.ts';
import { useAdminAddNotificationMutation, useAdminEditNotificationMutation } from './notificationsAdminApi.ts';
import { isoOfJapanInput, japanInputOf } from './time.ts';

/** Why the form is refused before sending: a key of its texts (engagement.notifications.form). */
type Refusal = keyof AdminMessages['engagement']['notifications']['form'];

export interface NotificationFields {
  title: string;
  body: string;
  active: boolean;
  isNews: boolean;
  from: string;
  until: string;
  target: 'all' | 'user';
  userId: string;
}

export const fieldsOf = (n: AdminNotification | null): NotificationFields => ({
  title: n?.title ?? '',
  body: n?.body ?? '',
  active: n?.active ?? true,
  isNews: n?.is_news ?? false,
  from: japanInputOf(n?.publish_from),
  until: japanInputOf(n?.publish_until),
  target: n && n.target !== 'all' ? 'user' : 'all',
  userId: n && n.target !== 'all' ? n.target.user_id : '',
});

/** The body the contract takes (add; edit sends the same fields), or the key of the first refusal. */
export function notificationBodyOf(f: NotificationFields): { body: NotificationAddBody } | { refusal: Refusal } {
  if (!f.title.trim()) return { refusal: 'titleRequired' };
  if (!f.body.trim()) return { refusal: 'bodyRequired' };
  if (f.target === 'user' && !/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/.test(f.userId.trim()))
    return { refusal: 'userRequired' };
  const from = f.from ? isoOfJapanInput(f.from) : null;
  const until = f.until ? isoOfJapanInput(f.until) : null;
  if ((f.from && !from) || (f.until && !until)) return { refusal: 'timeInvalid' };
  if (from && until && until <= from) return { refusal: 'windowOrder' };
  return {
    body: {
      title: f.title.trim(),
      body: f.body.trim(),
      active: f.active,
      // News is public: only a notification to everyone may be one (the server refuses the rest).
      is_news: f.target === 'all' && f.isNews,
      publish_from: from,
      publish_until: until,
      target: f.target === 'all' ? 'all' : { user_id: f.userId.trim() },
    },
  };
}

/** Writes a new notification, or edits one; the publishing window is entered in Japan time. */
export function NotificationForm({
  editing,
  onClose,
}: {
  editing: AdminNotification | null;
  onClose: (saved: AdminNotification | null) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [add, added] = useAdminAddNotificationMutation();
  const [edit, edited] = useAdminEditNotificationMutation();
  const [f, setF] = useState<NotificationFields>(() => fieldsOf(editing));
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = added.isLoading || edited.isLoading;
  useLeaveGuard(JSON.stringify(f) !== JSON.stringify(fieldsOf(editing)));
  const set = (patch: Partial<NotificationFields>) => setF((current) => ({ ...current, ...patch }));
  const { t: n } = useAdminTexts('engagement.notifications.form');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = notificationBodyOf(f);
    if ('refusal' in checked) {
      setRefusal(n(checked.refusal));
      return;
    }
    setRefusal(null);
    try {
      const reply = editing
        ? await edit({ base: apiBase, id: editing.id, body: checked.body }).unwrap()
        : await add({ base: apiBase, body: checked.body }).unwrap();
      onClose(reply.notification);
    } catch (failure) {
      setRefusal(refusalOf(failure, t('engagement.failed')));
    }
  };
  return (
    <Card>
      <h3 className="engagement-section__title">{editing ? n('editTitle') : n('newTitle')}</h3>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={n('title')}
          value={f.title}
          maxLength={200}
          required
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextAreaField
          label={n('body')}
          value={f.body}
          maxLength={5000}
          rows={5}
          required
          onChange={(e) => set({ body: e.target.value })}
        />
        <div className="form-grid">
          <SelectField
            label={n('target')}
            value={f.target}
            onChange={(e) => set({ target: e.target.value === 'user' ? 'user' : 'all' })}
            choices={[
              { value: 'all', label: n('targetAll') },
              { value: 'user', label: n('targetUser') },
            ]}
          />
          {f.target === 'user' && (
            <Field label={n('userId')} value={f.userId} required onChange={(e) => set({ userId: e.target.value })} />
          )}
          <Field
            label={n('from')}
            type="datetime-local"
            value={f.from}
            onChange={(e) => set({ from: e.target.value })}
            hint={n('fromHint')}
          />
          <Field
            label={n('until')}
            type="datetime-local"
            value={f.until}
            onChange={(e) => set({ until: e.target.value })}
            hint={n('untilHint')}
          />
        </div>
        <SwitchField
          label={n('active')}
          hint={n('activeHint')}
          checked={f.active}
          onChange={(active) => set({ active })}
        />
        {f.target === 'all' && (
          <SwitchField
            label={n('news')}
            hint={n('newsHint')}
            checked={f.isNews}
            onChange={(isNews) => set({ isNews })}
          />
        )}
        {refusal && <Notice kind="error">{refusal}</Notice>}
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={() => onClose(null)} disabled={busy}>
            {t('engagement.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('engagement.sending') : editing ? n('save') : n('create')}
          </button>
        </div>
      </form>
    </Card>
  );
}

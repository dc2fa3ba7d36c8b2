import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminNotification, AdminNotificationQuery } from '@talkwith/proto/engagement';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog, refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { confirmUnsaved } from '../useLeaveGuard.ts';
import { NotificationForm } from './NotificationForm.tsx';
import { NotificationTable } from './NotificationTable.tsx';
import {
  useAdminDeleteNotificationMutation,
  useAdminNotificationsQuery,
  useAdminSetNotificationActiveMutation,
} from './notificationsAdminApi.ts';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';

const KINDS = ['admin', 'welcome', 'ticket_expiry', 'subscription_renewed', 'subscription_failed'] as const;
type Kind = NonNullable<AdminNotificationQuery['kind']>;
const isKind = (value: string): value is Kind => value === 'any' || KINDS.some((k) => k === value);
const FILTERS = ['active', 'kind', 'user_id', 'q'] as const;
type Filter = (typeof FILTERS)[number];

/** The list's filters, kept in the address (kind defaults to admin-written ones, as the server does). */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const value = (name: Filter) => params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const kind = value('kind');
  const query: AdminNotificationQuery = {
    page,
    kind: isKind(kind) ? kind : 'admin',
    ...(value('active') === 'true' || value('active') === 'false'
      ? { active: value('active') as 'true' | 'false' }
      : {}),
    ...(value('user_id').trim() ? { user_id: value('user_id').trim() } : {}),
    ...(value('q').trim() ? { q: value('q').trim() } : {}),
  };
  const go = (next: Partial<Record<Filter, string>> & { page?: number }) => {
    const merged: Record<string, string> = {};
    for (const name of FILTERS) {
      const v = next[name] ?? value(name);
      if (v) merged[name] = v;
    }
    if ((next.page ?? 1) > 1) merged.page = String(next.page);
    setParams(merged, { replace: true });
  };
  return { value, page, query, go };
}

/** `notifications`: what admins announce (and the automatic ones): list, write, edit, switch on and off, delete. */
export function NotificationsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const filters = useFilters();
  const { data, isFetching, error } = useAdminNotificationsQuery({ base: apiBase, ...filters.query });
  const [setActive, activeCall] = useAdminSetNotificationActiveMutation();
  const [remove] = useAdminDeleteNotificationMutation();
  const [form, setForm] = useState<{ editing: AdminNotification | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminNotification | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { t: n } = useAdminTexts('engagement.notifications');
  const toggle = async (notification: AdminNotification) => {
    setOutcome(null);
    try {
      await setActive({ base: apiBase, id: notification.id, active: !notification.active }).unwrap();
    } catch (failure) {
      setOutcome({ kind: 'error', text: refusalOf(failure, t('engagement.failed')) });
    }
  };
  const closeForm = (saved: AdminNotification | null) => {
    setForm(null);
    if (saved) setOutcome({ kind: 'success', text: t('engagement.notifications.saved', { title: saved.title }) });
  };
  const actions = {
    onEdit: (x: AdminNotification) => {
      // Another notice replaces the form and what was typed in it.
      if (!confirmUnsaved()) return;
      setOutcome(null);
      setForm({ editing: x });
    },
    onToggle: (x: AdminNotification) => void toggle(x),
    onDelete: setDeleting,
    busyId: activeCall.isLoading ? (activeCall.originalArgs?.id ?? null) : null,
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{n('title')}</h2>
        {!form && (
          <div className="admin-head__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setOutcome(null);
                setForm({ editing: null });
              }}
            >
              {n('new')}
            </button>
          </div>
        )}
      </div>
      {form && <NotificationForm key={form.editing?.id ?? 'new'} editing={form.editing} onClose={closeForm} />}
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <Card className="engagement-section">
        <div className="toolbar billing-filters">
          <Field
            label={n('filter.q')}
            type="search"
            value={filters.value('q')}
            onChange={(e) => filters.go({ q: e.target.value })}
          />
          <SelectField
            label={n('filter.active')}
            value={filters.value('active')}
            emptyLabel={t('engagement.all')}
            onChange={(e) => filters.go({ active: e.target.value })}
            choices={[
              { value: 'true', label: n('filter.activeOnly') },
              { value: 'false', label: n('filter.withPast') },
            ]}
          />
          <SelectField
            label={n('filter.kind')}
            value={filters.query.kind ?? 'admin'}
            onChange={(e) => filters.go({ kind: e.target.value })}
            choices={[
              ...KINDS.map((k) => ({ value: k, label: n(`kind.${k}`) })),
              { value: 'any', label: n('kind.any') },
            ]}
          />
          <Field
            label={n('filter.userId')}
            type="search"
            value={filters.value('user_id')}
            onChange={(e) => filters.go({ user_id: e.target.value })}
          />
        </div>
        {isFetching && !data && <Spinner label={t('engagement.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
        {data && data.notifications.length === 0 && <p className="admin-empty">{n('none')}</p>}
        {data && data.notifications.length > 0 && (
          <NotificationTable notifications={data.notifications} actions={actions} />
        )}
        {data && <Pager page={filters.page} total={data.total} onPage={(p) => filters.go({ page: p })} />}
      </Card>
      {deleting && (
        <ConfirmDialog
          title={n('deleteTitle')}
          confirmLabel={t('engagement.delete')}
          danger
          check={() => null}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove({ base: apiBase, id: deleting.id }).unwrap();
            setOutcome({ kind: 'success', text: t('engagement.notifications.deleted', { title: deleting.title }) });
          }}
        >
          <p>{t('engagement.notifications.deleteMessage', { title: deleting.title, reads: deleting.read_count })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

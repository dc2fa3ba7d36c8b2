import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCancelReasonView } from '@talkwith/proto/billing';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import {
  useAdminCancelReasonsQuery,
  useAdminCancelReasonStatsQuery,
  useAdminCreateCancelReasonMutation,
  useAdminUpdateCancelReasonMutation,
} from './cancelReasonsApi.ts';
import '../characters/characters.css';
import '../billing/billing.css';
import './cancelReasons.css';

/** `cancel_reasons`: the reasons subscribers choose from when cancelling, and how often each was chosen over a period. */
export function CancelReasonsPage() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('cancelReasons.title')}</h2>
      </div>
      <ReasonCounts />
      <ReasonList />
    </>
  );
}

function ReasonCounts() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { data, error, isFetching } = useAdminCancelReasonStatsQuery({ base: apiBase, from, to });
  return (
    <Card>
      <h3 className="billing-subtitle">{t('cancelReasons.counts')}</h3>
      <div className="toolbar">
        <Field label={t('cancelReasons.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field label={t('cancelReasons.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      {isFetching && !data && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {data && (
        <>
          <p className="muted small">
            {t('cancelReasons.period', { from: data.from, to: data.to, total: data.total })}
          </p>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('cancelReasons.reason')}</th>
                <th>{t('cancelReasons.count')}</th>
                <th>{t('cancelReasons.share')}</th>
              </tr>
            </thead>
            <tbody>
              {data.reasons.map((row) => (
                <tr key={row.reason_id ?? '-'}>
                  <td>{row.label}</td>
                  <td data-label={t('cancelReasons.count')}>{row.count}</td>
                  <td data-label={t('cancelReasons.share')}>
                    {data.total === 0 ? '—' : `${Math.round((row.count / data.total) * 100)}%`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.comments.length > 0 && (
            <>
              <h4>{t('cancelReasons.comments')}</h4>
              <ul className="cancel-comments">
                {data.comments.map((c) => (
                  <li key={`${c.at}-${c.text}`}>
                    <span className="muted small">
                      {when(c.at, i18n.language)}・{c.label}
                    </span>
                    <p>{c.text}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}

function ReasonList() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, error } = useAdminCancelReasonsQuery({ base: apiBase });
  const [create, creating] = useAdminCreateCancelReasonMutation();
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useLeaveGuard(label.trim() !== '');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const result = await create({ base: apiBase, label: label.trim() });
    if ('error' in result) setProblem(refusalOf(result.error, t('billing.failed')));
    else {
      setProblem(null);
      setLabel('');
    }
  };
  return (
    <Card>
      <h3 className="billing-subtitle">{t('cancelReasons.list')}</h3>
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {problem && <Notice kind="error">{problem}</Notice>}
      {data && (
        <table className="admin-table cancel-reasons-table">
          <thead>
            <tr>
              <th>{t('cancelReasons.label')}</th>
              <th>{t('cancelReasons.position')}</th>
              <th>{t('cancelReasons.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.reasons.map((reason) => (
              <ReasonRow key={`${reason.reason_id}-${reason.updated_at}`} reason={reason} onProblem={setProblem} />
            ))}
          </tbody>
        </table>
      )}
      <form className="toolbar" onSubmit={add}>
        <Field
          label={t('cancelReasons.newLabel')}
          value={label}
          maxLength={100}
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={!label.trim() || creating.isLoading}>
          {t('cancelReasons.add')}
        </button>
      </form>
    </Card>
  );
}

function ReasonRow({
  reason,
  onProblem,
}: {
  reason: AdminCancelReasonView;
  onProblem: (message: string | null) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [update, updating] = useAdminUpdateCancelReasonMutation();
  const [label, setLabel] = useState(reason.label);
  const [position, setPosition] = useState(String(reason.position));
  const retired = reason.retired_at !== null;
  const send = async (body: { label?: string; position?: number; retired?: boolean }) => {
    const result = await update({ base: apiBase, id: reason.reason_id, ...body });
    onProblem('error' in result ? refusalOf(result.error, t('billing.failed')) : null);
  };
  const changed = label.trim() !== reason.label || Number(position) !== reason.position;
  useLeaveGuard(changed);
  return (
    <tr className={retired ? 'muted' : undefined}>
      <td>
        <input
          aria-label={t('cancelReasons.labelOf', { label: reason.label })}
          value={label}
          maxLength={100}
          onChange={(e) => setLabel(e.target.value)}
        />
      </td>
      <td data-label={t('cancelReasons.position')}>
        <input
          aria-label={t('cancelReasons.positionOf', { label: reason.label })}
          type="number"
          min={0}
          max={10000}
          value={position}
          onChange={(e) => setPosition(e.target.value)}
        />
      </td>
      <td data-label={t('cancelReasons.state')}>{retired ? t('cancelReasons.retired') : t('cancelReasons.offered')}</td>
      <td className="form-actions">
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={!changed || updating.isLoading || !label.trim()}
          onClick={() =>
            send({ label: label.trim(), ...(Number.isInteger(Number(position)) ? { position: Number(position) } : {}) })
          }
        >
          {t('cancelReasons.save')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={updating.isLoading}
          onClick={() => send({ retired: !retired })}
        >
          {retired ? t('cancelReasons.offer') : t('cancelReasons.retire')}
        </button>
      </td>
    </tr>
  );
}

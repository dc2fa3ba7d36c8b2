import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterName } from '../characters/CharacterName.tsx';
import { ADMIN_NS } from '../i18n.ts';
import type { LedgerHistoryItem, PointLotView, TicketLotView } from '@talkwith/proto/billing';
import { day, when } from './format.ts';

/** A user's lots (what is held, until when) and their append-only history, for tickets and points alike. */
export function LotTable({ lots, unit }: { lots: (TicketLotView | PointLotView)[]; unit: 'tickets' | 'points' }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  if (lots.length === 0) return <p className="admin-empty">{t('billing.ledger.noLots')}</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th>{t('billing.ledger.source')}</th>
          <th className="num">{t(`billing.ledger.remaining.${unit}`)}</th>
          <th>{t('billing.ledger.expiresAt')}</th>
        </tr>
      </thead>
      <tbody>
        {lots.map((lot) => (
          <tr key={lot.lot_id}>
            <td data-label={t('billing.ledger.source')}>
              {'code' in lot
                ? `${t(`billing.code.${lot.code}`)} (${lot.code})`
                : t(`billing.source.${lot.source}`, { defaultValue: lot.source })}
            </td>
            <td data-label={t(`billing.ledger.remaining.${unit}`)} className="num">
              {lot.remaining.toLocaleString(i18n.language)}
            </td>
            <td data-label={t('billing.ledger.expiresAt')}>{day(lot.expires_at, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What an entry says beyond its kind: where it came from, the operator's reason, the talk it paid for (the character by name). */
function Detail({ entry }: { entry: LedgerHistoryItem }) {
  const { t } = useTranslation(ADMIN_NS);
  const source = entry.source ? t(`billing.source.${entry.source}`, { defaultValue: entry.source }) : null;
  const parts: ReactNode[] = [
    source,
    entry.reason,
    entry.character_id ? <CharacterName id={entry.character_id} /> : null,
    entry.btn,
  ].filter(Boolean);
  if (parts.length === 0) return <>—</>;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function EntryLabel({ entry }: { entry: LedgerHistoryItem }) {
  const { t } = useTranslation(ADMIN_NS);
  if (entry.asset === 'points' && entry.code)
    return (
      <>
        {t(`billing.code.${entry.code}`, { defaultValue: entry.code })}{' '}
        <span className="muted small">{entry.code}</span>
      </>
    );
  return <>{t(`billing.kind.${entry.kind}`, { defaultValue: entry.kind })}</>;
}

export function EntryTable({ entries }: { entries: LedgerHistoryItem[] }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  if (entries.length === 0) return <p className="admin-empty">{t('billing.ledger.noEntries')}</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th>{t('billing.when')}</th>
          <th>{t('billing.ledger.kind')}</th>
          <th className="num">{t('billing.ledger.delta')}</th>
          <th>{t('billing.ledger.detail')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, i) => (
          <tr key={`${entry.at}-${i}`}>
            <td data-label={t('billing.when')} className="small">
              {when(entry.at, i18n.language)}
            </td>
            <td data-label={t('billing.ledger.kind')}>
              <EntryLabel entry={entry} />
            </td>
            <td
              data-label={t('billing.ledger.delta')}
              className={`num ${entry.delta < 0 ? 'billing-minus' : 'billing-plus'}`}
            >
              {entry.delta > 0 ? '+' : ''}
              {entry.delta.toLocaleString(i18n.language)}
            </td>
            <td data-label={t('billing.ledger.detail')} className="small">
              <Detail entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { LogEntry, LogType, LogUser } from '@talkwith/proto/logging';
import { useAdminBase } from '../AdminBase.tsx';
import { ShortId } from '../billing/ShortId.tsx';
import { CharacterName } from '../characters/CharacterName.tsx';
import { Badge } from '../engagement/Facts.tsx';
import { useAdminTexts } from '../i18n.ts';
import { useAdminLogUsersQuery } from './logsAdminApi.ts';

const TONE: Partial<Record<LogType, 'alert' | 'warn' | 'on'>> = {
  error: 'alert',
  admin: 'warn',
  subscription: 'on',
  ticket: 'on',
  point: 'on',
};

/** An instant in Japan time to the second (log lines of one talk are seconds apart), e.g. 2026/03/01 10:00:05. */
export function logTime(iso: string, language: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return instant.toLocaleString(language, {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

/** Who wrote it, the full ids, who acted, which request, and the entry's extra as indented JSON: a row of its own under the entry. */
function LogDetail({ entry }: { entry: LogEntry }) {
  const { t } = useAdminTexts('logs');
  const facts: [string, string | null][] = [
    [t('detail.source'), t(`source.${entry.source}`)],
    [t('column.userId'), entry.user_id],
    [t('column.characterId'), entry.character_id],
    [t('detail.actor'), entry.actor_id],
    [t('detail.request'), entry.request_id],
  ];
  return (
    <div className="logs-detail">
      <dl className="logs-detail__facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {entry.extra ? (
        <pre className="logs-detail__json" aria-label={t('detail.extra')}>
          {JSON.stringify(entry.extra, null, 2)}
        </pre>
      ) : (
        <p className="muted small">{t('detail.noExtra')}</p>
      )}
    </div>
  );
}

function LogRow({ entry, fresh, users }: { entry: LogEntry; fresh: boolean; users: Map<string, LogUser> }) {
  const { t, i18n } = useAdminTexts('logs');
  const { basePath } = useAdminBase();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <>
      <tr className={fresh ? 'logs-row--fresh' : undefined}>
        <td className="small logs-time">{logTime(entry.created_at, i18n.language)}</td>
        <td data-label={t('column.type')}>
          <Badge tone={TONE[entry.type] ?? 'off'}>{t(`type.${entry.type}`)}</Badge>
        </td>
        <td data-label={t('column.userId')} className="small">
          {entry.user_id ? (
            <Link to={`${basePath}/full/users/${encodeURIComponent(entry.user_id)}`}>
              <UserName id={entry.user_id} user={users.get(entry.user_id)} />
            </Link>
          ) : (
            '—'
          )}
        </td>
        <td data-label={t('column.characterId')} className="small">
          {entry.character_id ? <CharacterName id={entry.character_id} /> : '—'}
        </td>
        <td data-label={t('column.message')} className="logs-message">
          {entry.message}
        </td>
        <td data-label={t('column.detail')}>
          <button
            type="button"
            className="btn btn--ghost btn--small logs-detail-toggle"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? t('detail.hide') : t('detail.show')}
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailId} className="logs-detail-row">
          <td colSpan={6}>
            <LogDetail entry={entry} />
          </td>
        </tr>
      )}
    </>
  );
}

/** An account by its address when logging knows it (GET logs/users), else its short id. */
function UserName({ id, user }: { id: string; user: LogUser | undefined }) {
  const { t } = useAdminTexts('logs');
  return user?.email ? (
    <span title={id}>{user.email}</span>
  ) : (
    <>
      <ShortId id={id} />
      {user?.deleted_at ? ` ${t('filter.deletedUser')}` : ''}
    </>
  );
}

/** The addresses of the accounts a page of entries names, in one call; none (ids shown) while it loads or when it fails. */
function useUsersOf(entries: LogEntry[]): Map<string, LogUser> {
  const { apiBase } = useAdminBase();
  const ids = [
    ...new Set(
      entries.map((e) => e.user_id).filter((id): id is string => Boolean(id) && /^[A-Za-z0-9_.:-]+$/.test(id ?? '')),
    ),
  ]
    .sort()
    .slice(0, 100)
    .join(',');
  const { data } = useAdminLogUsersQuery({ base: apiBase, ids }, { skip: !ids });
  return new Map((data?.users ?? []).map((u) => [u.user_id, u]));
}

/** Log entries in the order given (newest first from the server and the tail); `fresh` marks live arrivals. */
export function LogTable({ entries, label, fresh = false }: { entries: LogEntry[]; label: string; fresh?: boolean }) {
  const { t } = useAdminTexts('logs');
  const users = useUsersOf(entries);
  return (
    <div className="logs-table-wrap">
      <table className="admin-table logs-table" aria-label={label}>
        <thead>
          <tr>
            <th>{t('column.at')}</th>
            <th>{t('column.type')}</th>
            <th>{t('column.userId')}</th>
            <th>{t('column.characterId')}</th>
            <th>{t('column.message')}</th>
            <th>{t('column.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <LogRow key={entry.id} entry={entry} fresh={fresh} users={users} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

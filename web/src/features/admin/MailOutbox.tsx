import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/index.ts';
import { Card, Field, Notice, Spinner } from '../../app/ui.tsx';
import { useAdminMailQuery } from './adminApi.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Mail bodies are plain text; their links (confirmation, reset) become clickable so a newcomer can confirm without SMTP. */
export function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noreferrer noopener">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function MailOutbox({ apiBase }: { apiBase: string }) {
  const { t, i18n } = useTranslation('adminMain');
  const [to, setTo] = useState('');
  const { data, isFetching, error, refetch } = useAdminMailQuery({ base: apiBase, to: to.trim() });
  return (
    <Card>
      <p className="muted">{t('admin.mailLead')}</p>
      <div className="toolbar">
        <Field label={t('admin.mailTo')} type="search" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {t('admin.reload')}
        </button>
      </div>
      {isFetching && <Spinner label={t('common.loading')} />}
      {error && <Notice kind="error">{errorMessageOf(error, t('common.failed'))}</Notice>}
      {data && data.mails.length === 0 && <p className="muted">{t('admin.noMail')}</p>}
      <ul className="mail-list">
        {data?.mails.map((mail) => (
          <li key={mail.id} className="mail">
            <div className="mail__head">
              <strong>{mail.subject}</strong>
              <span className="muted small">
                {mail.to} · {new Date(mail.sentAt).toLocaleString(i18n.language)}
              </span>
            </div>
            <pre className="mail__body">{linkify(mail.text)}</pre>
          </li>
        ))}
      </ul>
    </Card>
  );
}

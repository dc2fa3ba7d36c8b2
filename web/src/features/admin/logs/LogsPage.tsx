import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { useAdminTexts } from '../i18n.ts';
import { LivePanel } from './LivePanel.tsx';
import { LogFilterForm } from './LogFilterForm.tsx';
import { criteriaOfParams, filterBody, LOG_PAGE_SIZE, paramsOfCriteria, type LogCriteria } from './logFilter.ts';
import { useAdminLogsQuery } from './logsAdminApi.ts';
import { LogTable } from './LogTable.tsx';
import { useLogExport } from './useLogExport.ts';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import '../billing/billing.css';
import '../engagement/engagement.css';
import './logs.css';

function LogPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useAdminTexts('logs');
  const pages = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pageOf', { page, pages, total })}>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {t('prev')}
      </button>
      <span>{t('pageOf', { page, pages, total })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}

function LogResults({
  criteria,
  page,
  onPage,
}: {
  criteria: LogCriteria;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminTexts('logs');
  const { apiBase } = useAdminBase();
  const { data, isFetching, error } = useAdminLogsQuery({ base: apiBase, body: filterBody(criteria, page) });
  const filtered = Object.keys(criteria).length > 0;
  return (
    <Card>
      {data && <p className="muted small logs-total">{t('total', { total: data.total })}</p>}
      {isFetching && !data && <Spinner label={t('loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {data && data.logs.length === 0 && <p className="admin-empty">{filtered ? t('noMatch') : t('none')}</p>}
      {data && data.logs.length > 0 && <LogTable entries={data.logs} label={t('title')} />}
      {data && <LogPager page={page} total={data.total} onPage={onPage} />}
    </Card>
  );
}

/**
 * `logs`: every stored log line (SPEC §4's categories, clients', services' and
 * admins' own), filtered, newest first; the filter lives in the address so a
 * filtered view can be shared. 「CSV出力」 exports what the filter matches;
 * 「ライブ表示」 follows new entries as they are stored.
 */
export function LogsPage() {
  const { t } = useAdminTexts('logs');
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One criteria object per address: the form resets its draft only when the address changes.
  const { criteria, page } = useMemo(() => criteriaOfParams(new URLSearchParams(search)), [search]);
  const [live, setLive] = useState(false);
  const exporter = useLogExport(criteria);
  const go = (next: LogCriteria, nextPage = 1) => setParams(paramsOfCriteria(next, nextPage));
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('title')}</h2>
        <div className="admin-head__actions">
          <button type="button" className="btn btn--ghost" disabled={exporter.busy} onClick={() => void exporter.run()}>
            {exporter.busy ? t('export.running') : t('export.button')}
          </button>
          <button
            type="button"
            className={`btn ${live ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={live}
            onClick={() => setLive(!live)}
          >
            {t('live.toggle')}
          </button>
        </div>
      </div>
      <JstNote />
      {exporter.outcome && <Notice kind={exporter.outcome.kind}>{exporter.outcome.text}</Notice>}
      <Card>
        <LogFilterForm criteria={criteria} onApply={(next) => go(next)} />
      </Card>
      {live && <LivePanel criteria={criteria} />}
      <LogResults criteria={criteria} page={page} onPage={(next) => go(criteria, next)} />
    </>
  );
}

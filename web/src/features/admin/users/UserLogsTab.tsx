import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { PAGE_SIZE, Pager } from '../billing/Pager.tsx';
import { useAdminTexts } from '../i18n.ts';
import { filterBody } from '../logs/logFilter.ts';
import { useAdminLogsQuery } from '../logs/logsAdminApi.ts';
import { LogTable } from '../logs/LogTable.tsx';
import '../logs/logs.css';

/** The logs tab: that user's log lines, newest first, with a link to the logs page filtered the same way (export, live view). */
export function UserLogsTab({ userId }: { userId: string }) {
  const { t } = useAdminTexts('users');
  const { apiBase, basePath } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminLogsQuery({
    base: apiBase,
    body: filterBody({ user_id: userId }, page, PAGE_SIZE),
  });
  return (
    <Card>
      <p className="small">
        <Link to={`${basePath}/logs?user_id=${encodeURIComponent(userId)}`}>{t('logs.open')}</Link>
      </p>
      {isFetching && !data && <Spinner label={t('loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
      {data && data.logs.length === 0 && <p className="admin-empty">{t('logs.none')}</p>}
      {data && data.logs.length > 0 && <LogTable entries={data.logs} label={t('tabs.logs')} />}
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </Card>
  );
}

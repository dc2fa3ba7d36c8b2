import { useState } from 'react';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { todayInJapan } from '../engagement/time.ts';
import { useAdminTexts } from '../i18n.ts';
import { exportQuery, type LogCriteria } from './logFilter.ts';
import { useAdminExportLogsMutation } from './logsAdminApi.ts';

export interface ExportOutcome {
  kind: 'success' | 'info' | 'error';
  text: string;
}

/** 「CSV出力」 for the criteria on screen: saves the file the server names, or says there was nothing to export. */
export function useLogExport(criteria: LogCriteria) {
  const { t } = useAdminTexts('logs');
  const { apiBase } = useAdminBase();
  const [exportLogs, { isLoading }] = useAdminExportLogsMutation();
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const run = async () => {
    setOutcome(null);
    // The server names the file (Content-Disposition); this name is only used if it did not.
    const fallbackName = `logs_${todayInJapan().replaceAll('-', '')}.csv`;
    const result = await exportLogs({ base: apiBase, query: exportQuery(criteria), fallbackName });
    if (result.error) setOutcome({ kind: 'error', text: refusalOf(result.error, t('export.failed')) });
    else if (result.data.saved === null) setOutcome({ kind: 'info', text: t('export.empty') });
    else setOutcome({ kind: 'success', text: t('export.saved', { name: result.data.saved }) });
  };
  return { run, busy: isLoading, outcome };
}

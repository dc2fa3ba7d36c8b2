import { Card } from '../../../app/ui.tsx';
import { Badge } from '../engagement/Facts.tsx';
import { useAdminTexts } from '../i18n.ts';
import { tailFilter, type LogCriteria } from './logFilter.ts';
import type { TailState } from './logTail.ts';
import { LogTable } from './LogTable.tsx';
import { TAIL_CAP, useLogTail } from './useLogTail.ts';

const STATE_TONE: Record<TailState, 'on' | 'off' | 'warn' | 'alert'> = {
  connecting: 'warn',
  live: 'on',
  retrying: 'warn',
  refused: 'alert',
  closed: 'off',
};

/** ライブ表示: entries as they are stored, for the criteria a stream can follow; mounted only while the toggle is on. */
export function LivePanel({ criteria }: { criteria: LogCriteria }) {
  const { t } = useAdminTexts('logs');
  const tail = useLogTail(true, tailFilter(criteria));
  return (
    <Card className="logs-live">
      <div className="logs-live__head">
        <h3 className="section-title">{t('live.title')}</h3>
        <span role="status" aria-live="polite">
          <Badge tone={STATE_TONE[tail.state]}>{t(`live.state.${tail.state}`)}</Badge>
        </span>
      </div>
      {tail.message && <p className="muted small">{tail.message}</p>}
      <p className="muted small">{t('live.cap', { cap: TAIL_CAP })}</p>
      {tail.entries.length === 0 ? (
        <p className="admin-empty">{t('live.waiting')}</p>
      ) : (
        <LogTable entries={tail.entries} label={t('live.title')} fresh />
      )}
    </Card>
  );
}

import type { InsightCoverage } from '@talkwith/proto/dialogue';
import { Card } from '../../../app/ui.tsx';
import { useAdminTexts } from '../i18n.ts';
import { percent } from './blockFigures.ts';

/** 「認識できた発話の割合」: over the last 7 days (whatever the period), utterances that found a route against those that did not. */
export function CoverageCard({ coverage }: { coverage: InsightCoverage | undefined }) {
  const { t } = useAdminTexts('insight.coverage');
  const share = coverage?.share ?? null;
  return (
    <Card className="ins-coverage">
      <h3 className="ins-coverage__title">{t('title')}</h3>
      <p className="ins-coverage__share" aria-label={t('title')}>
        {share === null ? (
          '—'
        ) : (
          <>
            {percent(share)}
            <small>%</small>
          </>
        )}
      </p>
      <div className="ins-coverage__meter" aria-hidden="true">
        <span style={{ width: `${(share ?? 0) * 100}%` }} />
      </div>
      {coverage && (
        <dl className="ins-coverage__counts">
          <div>
            <dt>{t('matched')}</dt>
            <dd>{coverage.matched.toLocaleString()}</dd>
          </div>
          <div>
            <dt>{t('unmatched')}</dt>
            <dd>{coverage.unmatched.toLocaleString()}</dd>
          </div>
          {/* Counted apart: the user asked for content a serial unlocks, not something the character failed to understand. */}
          {(coverage.locked ?? 0) > 0 && (
            <div>
              <dt>{t('locked')}</dt>
              <dd>{(coverage.locked ?? 0).toLocaleString()}</dd>
            </div>
          )}
        </dl>
      )}
      <p className="muted small ins-coverage__period">
        {coverage ? t('period', { from: coverage.from, to: coverage.to }) : t('lastWeek')}
      </p>
      {coverage && share === null && <p className="muted small">{t('none')}</p>}
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import type { ContinuityReport } from '@talkwith/proto/catalog';
import { Notice } from '../../../app/ui.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { ageOf, continuityStateOf, japanTimeOf } from './continuityState.ts';

const distance = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(3));

/** The continuity report of one clip: distances in grey and colour, the check's age, and a verdict only a current report may give. */
export function ContinuityView({
  report,
  currentStandby,
  titleOf = () => undefined,
}: {
  report: ContinuityReport | null;
  currentStandby: string | null | undefined;
  /** A clip's title by its id (the operator reads names; the id stays on hover). */
  titleOf?: (videoId: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const state = continuityStateOf(report, currentStandby);
  if (!report) return <p className="muted">{t('videos.continuity.notChecked')}</p>;
  return (
    <>
      <dl className="facts">
        <dt>{t('videos.continuity.standby')}</dt>
        <dd>
          {report.standby_video_id ? (
            <span title={report.standby_video_id}>{titleOf(report.standby_video_id) ?? report.standby_video_id}</span>
          ) : (
            t('videos.continuity.noStandby')
          )}
        </dd>
        <dt>{t('videos.continuity.first')}</dt>
        <dd>{distance(report.first_frame_distance)}</dd>
        <dt>{t('videos.continuity.last')}</dt>
        <dd>{distance(report.last_frame_distance)}</dd>
        <dt>{t('videos.continuity.firstColour')}</dt>
        <dd>{distance(report.first_frame_colour_distance)}</dd>
        <dt>{t('videos.continuity.lastColour')}</dt>
        <dd>{distance(report.last_frame_colour_distance)}</dd>
        <dt>{t('videos.continuity.checkedAt')}</dt>
        <dd>
          <time dateTime={report.checked_at} title={japanTimeOf(report.checked_at)}>
            {ageOf(report.checked_at, i18n.language)}
          </time>{' '}
          <span className="muted small">({japanTimeOf(report.checked_at)})</span>
        </dd>
      </dl>
      {state === 'ok' && <Notice kind="success">{t('videos.continuity.ok')}</Notice>}
      {state === 'noStandby' && <Notice kind="info">{t('videos.continuity.needsStandby')}</Notice>}
      {state === 'stale' && <Notice kind="info">{t('videos.continuity.stale')}</Notice>}
      {(state === 'warn' || state === 'stale') &&
        report.warnings.map((warning) => (
          <p key={warning} className="continuity-warning">
            {warning}
          </p>
        ))}
    </>
  );
}

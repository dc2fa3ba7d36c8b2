import { useAdminTexts } from '../i18n.ts';
import { TRAFFIC_SHADES, type TrafficStyle } from './trafficStyle.ts';
import './insight.css';

/** What the traffic colours mean, beside the toggle: the shades from few to many entries, the drop-off mark, the arrow widths. */
export function TrafficLegend({
  style,
  talks,
  failed,
  loading,
}: {
  style: TrafficStyle | undefined;
  talks: number | null;
  failed: boolean;
  loading: boolean;
}) {
  const { t } = useAdminTexts('insight.traffic');
  if (failed)
    return (
      <p className="ins-traffic-legend ins-traffic-legend--failed" role="alert">
        {t('failed')}
      </p>
    );
  if (loading || !style)
    return (
      <p className="ins-traffic-legend muted" role="status">
        {t('loading')}
      </p>
    );
  return (
    <div className="ins-traffic-legend" role="note" aria-label={t('legend')}>
      <span className="muted">{t('period', { talks: talks ?? 0 })}</span>
      <span className="ins-traffic-legend__scale">
        {t('few')}
        {TRAFFIC_SHADES.map((shade) => (
          <i key={shade} className="ins-traffic-legend__shade" style={{ background: shade }} />
        ))}
        {t('many', { max: style.maxEntries })}
      </span>
      <span>
        <i className="ins-traffic-legend__drop" />
        {t('drop')}
      </span>
      <span>
        <i className="ins-traffic-legend__line" style={{ height: 2 }} />
        <i className="ins-traffic-legend__line" style={{ height: 7 }} />
        {t('edges', { max: style.maxCount })}
      </span>
    </div>
  );
}

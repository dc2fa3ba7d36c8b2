import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** How much of the character (or of one conversation) the caller has found: a bar and 「n / m」. */
export function ShareMeter({ label, found, total }: { label: string; found: number; total: number }) {
  const { t } = useTranslation('album');
  const id = useId();
  const percent = total > 0 ? Math.round((found / total) * 100) : 0;
  return (
    <div className="album-meter">
      <div className="album-meter__head">
        <span id={id} className="album-meter__label">
          {label}
        </span>
        <span className="album-meter__count">
          {t('album.count', { found, total })}
          <span className="muted small">{` (${percent}%)`}</span>
        </span>
      </div>
      <div
        className="album-meter__bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={found}
        aria-valuetext={t('album.count', { found, total })}
      >
        <span className="album-meter__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

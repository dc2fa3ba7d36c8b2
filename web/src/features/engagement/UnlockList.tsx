import { useTranslation } from 'react-i18next';
import { Notice, Spinner } from '../../app/ui.tsx';
import { useSerialUnlocksQuery } from './pagesApi.ts';
import { formatDate } from './format.ts';

/** The caller's redeemed serial codes, newest first (GET /api/serial/unlocks). */
export function UnlockList() {
  const { t, i18n } = useTranslation('engagement');
  const { data, isLoading, isError } = useSerialUnlocksQuery();
  const unlocks = data?.unlocks ?? [];
  return (
    <section className="card" aria-labelledby="serial-unlocks-title">
      <h2 id="serial-unlocks-title" className="section-title">
        {t('engagement.serial.unlocks')}
      </h2>
      {isLoading && <Spinner label={t('engagement.loading')} />}
      {isError && <Notice kind="error">{t('engagement.loadFailed')}</Notice>}
      {data && unlocks.length === 0 && <p className="muted">{t('engagement.serial.unlocksEmpty')}</p>}
      {unlocks.length > 0 && (
        <ul className="engagement-list" aria-labelledby="serial-unlocks-title">
          {unlocks.map((unlock) => (
            <li
              key={`${unlock.coupon_id}:${unlock.redeemed_at}:${unlock.serial_masked}`}
              className="engagement-list__item"
            >
              <span className="engagement-list__title">
                {t('engagement.serial.unlockedCharacter', { character: unlock.character_name ?? unlock.character_id })}
              </span>
              <span className="small muted">
                <time dateTime={unlock.redeemed_at}>{formatDate(unlock.redeemed_at, i18n.language)}</time>
                {' · '}
                <span className="serial-mask">{unlock.serial_masked}</span>
              </span>
              {unlock.tickets > 0 && (
                <span className="small">{t('engagement.serial.unlockedTickets', { count: unlock.tickets })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

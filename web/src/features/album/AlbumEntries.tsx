import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlbumEntry } from './albumModel.ts';
import { useLocalized } from '../../i18n/localized.ts';

function formatDay(iso: string, language: string): string {
  return new Date(iso).toLocaleDateString(language, { year: 'numeric', month: 'numeric', day: 'numeric' });
}

/**
 * The blocks of one conversation in order: what was found (how, when, replay) and 「？？？」 for the rest.
 * Replay is offered for the blocks the caller is served (`replayable`): a preview holds none of the found ones.
 */
export function AlbumEntries({
  entries,
  label,
  replayable,
}: {
  entries: AlbumEntry[];
  label: string;
  replayable: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation('album');
  const localized = useLocalized();
  return (
    <ol className="album-entries" aria-label={label}>
      {entries.map((entry) =>
        entry.kind === 'hidden' ? (
          <li key={entry.key} className="album-entry album-entry--hidden">
            <span aria-hidden="true" className="album-entry__title">
              ？？？
            </span>
            <span className="visually-hidden">{t('album.hidden')}</span>
          </li>
        ) : (
          <li key={entry.block.block_id} className="album-entry">
            <span className="album-entry__title">{localized(entry.block.title, entry.block.title_i18n)}</span>
            <span className={`album-tag album-tag--${entry.block.how}`}>{t(`album.how.${entry.block.how}`)}</span>
            <span className="small muted">
              <time dateTime={entry.block.first_at}>
                {t('album.firstAt', { when: formatDay(entry.block.first_at, i18n.language) })}
              </time>
              {entry.block.times > 0 && (
                <span className="album-entry__times">{` · ${t('album.times', { count: entry.block.times })}`}</span>
              )}
            </span>
            {replayable.has(entry.block.block_id) && (
              <Link
                className="btn btn--ghost btn--small album-entry__replay"
                to={{ search: `?block=${encodeURIComponent(entry.block.block_id)}&album=true` }}
                aria-label={t('album.replayOf', { title: localized(entry.block.title, entry.block.title_i18n) })}
              >
                {t('album.replay')}
              </Link>
            )}
          </li>
        ),
      )}
    </ol>
  );
}

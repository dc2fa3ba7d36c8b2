import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The standby clip's first frame, by the character's URL name. The gateway
 * preloads this very URL for /full/chat/{slug} and paints it before any
 * script runs; the loading screens and the player show the same URL, so the
 * image comes from memory and nothing flashes between them.
 */
export function posterUrl(slug: string): string {
  return `/api/characters/by-slug/${encodeURIComponent(slug)}/poster`;
}

/**
 * What shows while the player loads: the same markup the gateway puts in the
 * page for /full/chat/{slug}, so the first paint stays put until the player
 * replaces it.
 */
export function PlayerBoot({ slug, label }: { slug: string; label: string }) {
  return (
    <div className="player player--boot" data-boot-slug={slug} role="status" aria-label={label}>
      <div className="player__stage">
        <img className="player__poster" src={posterUrl(slug)} alt="" fetchPriority="high" />
      </div>
    </div>
  );
}

/** The chat route's fallback while the player's code loads. */
export function PlayerRouteFallback() {
  const { t } = useTranslation();
  const { character_slug: slug = '' } = useParams();
  return <PlayerBoot slug={slug} label={t('player.loading')} />;
}

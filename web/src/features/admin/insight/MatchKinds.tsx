import type { MatchCounts, MatchKind } from '@talkwith/proto/dialogue';
import { useAdminTexts } from '../i18n.ts';
import { percent } from './blockFigures.ts';

/** From the most literal way to the least: what the operator reads as "how sure" the character was. */
export const MATCH_ORDER: readonly MatchKind[] = ['surface', 'reading', 'base', 'synonym', 'search', 'score'];

/**
 * 「認識のしかた」: the period's utterances that led somewhere, by how they were
 * understood, so the operator sees which variants (readings, inflections,
 * synonyms) carry the traffic. Nothing shown before any player said.
 */
export function MatchKinds({ matches }: { matches: MatchCounts | undefined }) {
  const { t } = useAdminTexts('insight.match');
  const total = MATCH_ORDER.reduce((sum, kind) => sum + (matches?.[kind] ?? 0), 0);
  if (!matches || total === 0) return null;
  return (
    <section className="ins-match" aria-label={t('title')}>
      <h4 className="ins-match__title">{t('title')}</h4>
      <dl className="ins-match__counts">
        {MATCH_ORDER.map((kind) => (
          <div key={kind} title={t(`help.${kind}`)}>
            <dt>{t(`kind.${kind}`)}</dt>
            <dd>
              {matches[kind].toLocaleString()} <small className="muted">({percent(matches[kind] / total)}%)</small>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

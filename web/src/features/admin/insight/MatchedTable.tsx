import type { MatchedGroup, MatchedInsightQuery } from '@talkwith/proto/dialogue';
import { useAdminTexts } from '../i18n.ts';

type Sort = MatchedInsightQuery['sort'];

interface Props {
  groups: readonly MatchedGroup[];
  /** Block titles of the character's draft; a block since deleted shows its id. */
  titles: ReadonlyMap<string, string>;
  sort: Sort;
  onSort: (sort: Sort) => void;
}

/** Search scores are fractions, SPJ scores whole numbers: two decimals at most. */
export const formatScore = (score: number): string =>
  Number.isInteger(score) ? score.toLocaleString() : score.toFixed(2);

/** What carried the utterance: the hit word, the synonym said for it, or the scores. */
function Carrier({ group }: { group: MatchedGroup }) {
  const { t } = useAdminTexts('insight.matched');
  if (group.score)
    return (
      <span className="ins-matched__score">
        {t('scoreValue', { mean: formatScore(group.score.mean), max: formatScore(group.score.max) })}
      </span>
    );
  if (group.synonym !== null && group.word !== null)
    return <span>{t('viaSynonym', { synonym: group.synonym, word: group.word })}</span>;
  return group.word !== null ? <span>「{group.word}」</span> : <span className="muted">—</span>;
}

/** The count column's header: most said first, a click for least said first, and back. */
function CountHeader({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useAdminTexts('insight.matched');
  const state = sort === 'count' ? 'descending' : sort === 'count_asc' ? 'ascending' : 'none';
  return (
    <th className="num" aria-sort={state}>
      <button type="button" className="ins-sort" onClick={() => onSort(sort === 'count' ? 'count_asc' : 'count')}>
        {t('count')}
        <span aria-hidden="true">{state === 'descending' ? ' ▼' : state === 'ascending' ? ' ▲' : ' ↕'}</span>
      </button>
    </th>
  );
}

/** Understood utterances: what was said → the block it led to, how it was understood, with what, how often. */
export function MatchedTable({ groups, titles, sort, onSort }: Props) {
  const { t } = useAdminTexts('insight.matched');
  const kinds = useAdminTexts('insight.match.kind').t;
  return (
    <div className="ins-table-wrap">
      <table className="admin-table ins-table ins-matched">
        <thead>
          <tr>
            <th>{t('utterance')}</th>
            <th>{t('block')}</th>
            <th>{t('how')}</th>
            <th>{t('carrier')}</th>
            <CountHeader sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={`${g.text}\u0000${g.block_id}\u0000${g.match}\u0000${g.word ?? ''}\u0000${g.synonym ?? ''}`}>
              <td className="ins-matched__text">
                <q>{g.text}</q>
                {g.variants.length > 1 && (
                  <span className="muted small ins-matched__variants">
                    {t('variants', { count: g.variants.length })}
                  </span>
                )}
              </td>
              <td data-label={t('block')} className="ins-matched__block">
                → {titles.get(g.block_id) || g.block_id}
              </td>
              <td data-label={t('how')}>
                <span className={`chip ins-matched__kind ins-matched__kind--${g.match}`}>{kinds(g.match)}</span>
              </td>
              <td data-label={t('carrier')}>
                <Carrier group={g} />
              </td>
              <td data-label={t('count')} className="num ins-matched__count">
                {t('times', { count: g.count })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useId, useMemo, useState } from 'react';
import type { Character, MatchedInsightQuery, MatchKind } from '@talkwith/proto/dialogue';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { useAdminTexts } from '../i18n.ts';
import { useMatchedInsightQuery } from './insightApi.ts';
import { MATCH_ORDER } from './MatchKinds.tsx';
import { MatchedTable } from './MatchedTable.tsx';
import type { Period } from './period.ts';
import './matched.css';

type Sort = MatchedInsightQuery['sort'];
const SORTS: readonly Sort[] = ['count', 'count_asc', 'recent'];

interface Props {
  character: Character;
  period: Period;
  /** The page's block filter (shared with the unmatched list). */
  blockId: string | null;
}

/** The list's own choices: the way it was understood, the order and, for exactly those choices, the page. */
function useListChoices(period: Period, blockId: string | null) {
  const [match, setMatch] = useState<MatchKind | null>(null);
  const [sort, setSort] = useState<Sort>('count');
  // A page belongs to the choices it was turned under: new choices start again at page 1.
  const choices = JSON.stringify([period, blockId, match, sort]);
  const [paging, setPaging] = useState({ choices, page: 1 });
  const page = paging.choices === choices ? paging.page : 1;
  return { match, setMatch, sort, setSort, page, setPage: (next: number) => setPaging({ choices, page: next }) };
}

function Filters({ list }: { list: ReturnType<typeof useListChoices> }) {
  const { t } = useAdminTexts('insight.matched');
  const kinds = useAdminTexts('insight.match.kind').t;
  const kindId = useId();
  const sortId = useId();
  const sortLabels: Record<Sort, string> = {
    count: t('sortCount'),
    count_asc: t('sortCountAsc'),
    recent: t('sortRecent'),
  };
  return (
    <div className="ins-matched__filters">
      <label htmlFor={kindId} className="small muted">
        {t('kindFilter')}
      </label>
      <select
        id={kindId}
        className="field__input"
        value={list.match ?? ''}
        onChange={(e) => list.setMatch(MATCH_ORDER.find((k) => k === e.target.value) ?? null)}
      >
        <option value="">{t('allKinds')}</option>
        {MATCH_ORDER.map((kind) => (
          <option key={kind} value={kind}>
            {kinds(kind)}
          </option>
        ))}
      </select>
      <label htmlFor={sortId} className="small muted">
        {t('sort')}
      </label>
      <select
        id={sortId}
        className="field__input"
        value={list.sort}
        onChange={(e) => list.setSort(SORTS.find((s) => s === e.target.value) ?? 'count')}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function Pager({
  total,
  page,
  perPage,
  onPage,
}: {
  total: number;
  page: number;
  perPage: number;
  onPage: (p: number) => void;
}) {
  const { t } = useAdminTexts('insight.matched');
  if (total <= perPage && page === 1) return null;
  const from = Math.min(total, (page - 1) * perPage + 1);
  const to = Math.min(total, page * perPage);
  return (
    <nav className="ins-matched__pager" aria-label={t('pages')}>
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('prev')}
      </button>
      <span className="small muted">{t('range', { from, to, total })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={to >= total}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}

/**
 * 「認識できた発話」: every understood utterance of the period, grouped by what
 * was said, the block it led to and how it was understood (surface, reading,
 * base form, synonym, search, score) with the hit word, synonym or score that
 * carried it; so the operator sees which variants carry the traffic.
 */
export function MatchedSection({ character, period, blockId }: Props) {
  const { t } = useAdminTexts('insight.matched');
  const { apiBase } = useAdminBase();
  const list = useListChoices(period, blockId);
  const { data, isFetching, error } = useMatchedInsightQuery({
    base: apiBase,
    characterId: character.id,
    period,
    blockId,
    match: list.match,
    sort: list.sort,
    page: list.page,
  });
  const titles = useMemo(() => new Map(character.blocks.map((b) => [b.id, b.title])), [character.blocks]);
  const headingId = useId();
  return (
    <Card className="ins-matched-card">
      <section aria-labelledby={headingId}>
        <div className="ins-section-head">
          <h3 id={headingId} className="section-title">
            {t('title')}
          </h3>
          <Filters list={list} />
        </div>
        <p className="muted small">{t('lead')}</p>
        {isFetching && !data && <Spinner label={t('loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('failed'))}</Notice>}
        {data && data.groups.length === 0 && <p className="admin-empty">{t('none')}</p>}
        {data && data.groups.length > 0 && (
          <MatchedTable groups={data.groups} titles={titles} sort={list.sort} onSort={list.setSort} />
        )}
        {data && <Pager total={data.total} page={data.page} perPage={data.per_page} onPage={list.setPage} />}
      </section>
    </Card>
  );
}

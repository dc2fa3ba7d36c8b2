import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { BlockFigures } from '@talkwith/proto/dialogue';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminTexts } from '../i18n.ts';
import { dropRate, durationParts, percent, sortFigures, type Sort, type SortKey } from './blockFigures.ts';
import { HIGH_DROP_RATE } from './trafficStyle.ts';
import { ViaBar } from './ViaBar.tsx';

interface Props {
  characterId: string;
  rows: readonly BlockFigures[];
  /** Block titles of the character's draft; a block since deleted shows its id. */
  titles: ReadonlyMap<string, string>;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column;
  return (
    <th className="num" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="ins-sort" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
      </button>
    </th>
  );
}

function Duration({ ms }: { ms: number | null }) {
  const { t } = useAdminTexts('insight.blocks');
  if (ms === null) return <span className="muted">—</span>;
  const { minutes, seconds } = durationParts(ms);
  return <>{minutes > 0 ? t('minutes', { minutes, seconds }) : t('seconds', { seconds })}</>;
}

/** On a phone the table's head (and its sort buttons) folds away: the same choice as a select. */
function PhoneSort({ sort, onSort }: { sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useAdminTexts('insight.blocks');
  const id = useId();
  const labels: Record<SortKey, string> = { entries: t('entries'), dropped: t('dropped'), median: t('median') };
  const keys = Object.keys(labels) as SortKey[];
  return (
    <div className="ins-phone-sort">
      <label htmlFor={id} className="small muted">
        {t('sortBy')}
      </label>
      <select
        id={id}
        className="field__input"
        value={sort.key}
        onChange={(e) => onSort({ key: keys.find((k) => k === e.target.value) ?? 'entries', descending: true })}
      >
        {keys.map((key) => (
          <option key={key} value={key}>
            {labels[key]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Per block: entries, how they came in, talks completed and dropped there, the median stay; sortable; each row opens the block in the editor. */
export function BlockFiguresTable({ characterId, rows, titles }: Props) {
  const { t } = useAdminTexts('insight.blocks');
  const { basePath } = useAdminBase();
  const [sort, setSort] = useState<Sort>({ key: 'entries', descending: true });
  const onSort = (key: SortKey) => setSort((s) => ({ key, descending: s.key === key ? !s.descending : true }));
  const editor = (id: string) =>
    `${basePath}/characters/${encodeURIComponent(characterId)}/blocks?block=${encodeURIComponent(id)}`;
  return (
    <div className="ins-table-wrap">
      <PhoneSort sort={sort} onSort={setSort} />
      <table className="admin-table ins-table">
        <thead>
          <tr>
            <th>{t('block')}</th>
            <SortHeader label={t('entries')} column="entries" sort={sort} onSort={onSort} />
            <th>{t('via')}</th>
            <th className="num">{t('completed')}</th>
            <SortHeader label={t('dropped')} column="dropped" sort={sort} onSort={onSort} />
            <SortHeader label={t('median')} column="median" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {sortFigures(rows, sort).map((row) => {
            const rate = dropRate(row);
            return (
              <tr key={row.block_id}>
                <td className="ins-table__block">
                  <Link to={editor(row.block_id)}>{titles.get(row.block_id) || row.block_id}</Link>
                  <code className="muted">{row.block_id}</code>
                </td>
                <td data-label={t('entries')} className="num ins-table__entries">
                  {row.entries.toLocaleString()}
                </td>
                <td data-label={t('via')} className="ins-table__via">
                  <ViaBar via={row.via} entries={row.entries} />
                </td>
                <td data-label={t('completed')} className="num">
                  {row.completed.toLocaleString()}
                </td>
                <td
                  data-label={t('dropped')}
                  className={`num${rate >= HIGH_DROP_RATE && row.dropped > 0 ? ' ins-table__bad' : ''}`}
                >
                  {row.dropped.toLocaleString()} <span className="muted small">({percent(rate)}%)</span>
                </td>
                <td data-label={t('median')} className="num">
                  <Duration ms={row.median_ms} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

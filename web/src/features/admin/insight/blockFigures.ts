import type { BlockFigures, ViaCounts } from '@talkwith/proto/dialogue';

/** How a block was entered, in the order the bar stacks them (answers first, then the ladders, then the rest), each with its colour. */
export const VIA_COLORS: Record<keyof ViaCounts, string> = {
  hitWord: '#2563eb',
  valid: '#16a34a',
  search: '#0d9488',
  score: '#0ea5e9',
  button: '#9333ea',
  start: '#1f2544',
  resume: '#475569',
  forced: '#7c3aed',
  notHit: '#65a30d',
  empty: '#c026d3',
  spjOut: '#db2777',
  invalid: '#dc2626',
  silence: '#64748b',
  final: '#0891b2',
  random: '#ca8a04',
  flow: '#a8a29e',
  unknown: '#d6d3d1',
};
export type Via = keyof ViaCounts;
export const VIA_ORDER = Object.keys(VIA_COLORS) as Via[];

/** The ways a block was entered that happened, in bar order. */
export const viaParts = (via: ViaCounts): Array<{ via: Via; count: number }> =>
  VIA_ORDER.map((key) => ({ via: key, count: via[key] })).filter((part) => part.count > 0);

/** The share of entries that ended the talk there (0 when never entered). */
export const dropRate = (figures: BlockFigures): number =>
  figures.entries > 0 ? figures.dropped / figures.entries : 0;

export type SortKey = 'entries' | 'dropped' | 'median';
export interface Sort {
  key: SortKey;
  descending: boolean;
}

const measure: Record<SortKey, (f: BlockFigures) => number | null> = {
  entries: (f) => f.entries,
  // Most dropped first; between equal counts the higher rate.
  dropped: (f) => f.dropped + dropRate(f) / 2,
  median: (f) => f.median_ms,
};

/** The rows in the order asked; blocks without a median always last (nothing to compare). */
export function sortFigures(rows: readonly BlockFigures[], sort: Sort): BlockFigures[] {
  const of = measure[sort.key];
  return [...rows].sort((a, b) => {
    const [x, y] = [of(a), of(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sort.descending ? y - x : x - y;
  });
}

/** A duration for people: 8.4 秒 below a minute, 2 分 05 秒 above. */
export function durationParts(ms: number): { minutes: number; seconds: string } {
  if (ms < 60_000) return { minutes: 0, seconds: (ms / 1000).toFixed(1) };
  const total = Math.round(ms / 1000);
  return { minutes: Math.floor(total / 60), seconds: String(total % 60).padStart(2, '0') };
}

/** A share 0..1 as a whole percent (one decimal below 10 %, where a point matters). */
export const percent = (share: number): string =>
  share * 100 < 10 && share > 0 ? (share * 100).toFixed(1) : String(Math.round(share * 100));

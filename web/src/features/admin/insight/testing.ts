import type { BlockFigures, InsightCoverage, MatchedGroup, UnmatchedGroup, ViaCounts } from '@talkwith/proto/dialogue';
import { VIA_ORDER } from './blockFigures.ts';

/** Replies of the insight reads, shaped as proto/src/dialogue/insight.ts says dialogue answers them (each test builds its own). */

export const via = (counts: Partial<ViaCounts> = {}): ViaCounts =>
  ({ ...Object.fromEntries(VIA_ORDER.map((key) => [key, 0])), ...counts }) as ViaCounts;

export const figures = (blockId: string, over: Partial<BlockFigures> = {}): BlockFigures => ({
  block_id: blockId,
  entries: 0,
  via: via(),
  completed: 0,
  dropped: 0,
  median_ms: null,
  ...over,
});

export const blocksReply = (blocks: BlockFigures[], over: Record<string, unknown> = {}) => ({
  ok: true,
  character_id: 'c1',
  from: '2026-03-01',
  to: '2026-03-07',
  talks: 10,
  blocks,
  edges: [],
  ...over,
});

export const group = (text: string, over: Partial<UnmatchedGroup> = {}): UnmatchedGroup => ({
  text,
  count: 1,
  variants: [{ text, count: 1 }],
  blocks: [{ block_id: 'b1', count: 1 }],
  last_at: '2026-03-07T03:04:00.000Z',
  ...over,
});

export const coverage = (over: Partial<InsightCoverage> = {}): InsightCoverage => ({
  from: '2026-03-01',
  to: '2026-03-07',
  matched: 30,
  unmatched: 10,
  share: 0.75,
  ...over,
});

export const unmatchedReply = (groups: UnmatchedGroup[], over: Record<string, unknown> = {}) => ({
  ok: true,
  character_id: 'c1',
  from: '2026-03-01',
  to: '2026-03-07',
  groups,
  coverage: coverage(),
  recognition_version: 1,
  ...over,
});

export const matchedGroup = (text: string, over: Partial<MatchedGroup> = {}): MatchedGroup => ({
  text,
  count: 1,
  variants: [{ text, count: 1 }],
  block_id: 'b2',
  match: 'surface',
  word: text,
  synonym: null,
  score: null,
  last_at: '2026-03-07T03:04:00.000Z',
  ...over,
});

export const matchedReply = (groups: MatchedGroup[], over: Record<string, unknown> = {}) => ({
  ok: true,
  character_id: 'c1',
  from: '2026-03-01',
  to: '2026-03-07',
  steps: groups.reduce((sum, g) => sum + g.count, 0),
  total: groups.length,
  page: 1,
  per_page: 50,
  groups,
  ...over,
});

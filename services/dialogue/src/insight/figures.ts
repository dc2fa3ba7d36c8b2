import {
  MatchKind,
  StepVia,
  type BlockFigures,
  type InsightEdge,
  type MatchCounts,
  type ViaCounts,
} from '@talkwith/proto/dialogue';
import type { TalkDoc } from '../talks/model.ts';

/** Pure arithmetic of the block figures (blocks.ts reads the data): tallies per block, edges, talk endings. */

/** No step for this long and no end: the talk was abandoned (counts as a drop-off where it stopped). */
export const ABANDONED_MS = 30 * 60 * 1000;

export interface StepRow {
  block_id: string;
  via: StepVia | null;
  /** how the utterance that led into the block was understood; absent or null: not said (or not an utterance). */
  match?: MatchKind | null;
  talk_id: string | null;
  at: string;
}

export type TalkEnding = Pick<TalkDoc, '_id' | 'status' | 'end_reason'>;

interface Tally {
  entries: number;
  via: ViaCounts;
  completed: number;
  dropped: number;
  durations: number[];
}

const zeroVia = (): ViaCounts => {
  const counts = { unknown: 0 } as ViaCounts;
  for (const literal of StepVia.anyOf) counts[literal.const] = 0;
  return counts;
};

const zeroMatches = (): MatchCounts => {
  const counts = {} as MatchCounts;
  for (const literal of MatchKind.anyOf) counts[literal.const] = 0;
  return counts;
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How a talk's last step in the period turned out: a completed end, a drop-off, or still going. */
export function endingOf(talk: TalkEnding | undefined, lastAt: string, now: Date): 'completed' | 'dropped' | 'open' {
  if (talk?.end_reason === 'completed') return 'completed';
  if (talk && (talk.status === 'ended' || talk.status === 'released')) return 'dropped';
  return now.getTime() - Date.parse(lastAt) >= ABANDONED_MS ? 'dropped' : 'open';
}

export interface FigureInput {
  /** the period's steps, oldest first. */
  steps: StepRow[];
  talks: Map<string, TalkEnding>;
  /** per talk, the time of its first step after the period (the talk went on). */
  nextAfter: Map<string, string>;
  now: Date;
}

export interface Figures {
  talks: number;
  blocks: BlockFigures[];
  edges: InsightEdge[];
  matches: MatchCounts;
}

export function computeFigures(input: FigureInput): Figures {
  const tallies = new Map<string, Tally>();
  const tally = (blockId: string): Tally => {
    let t = tallies.get(blockId);
    if (!t) tallies.set(blockId, (t = { entries: 0, via: zeroVia(), completed: 0, dropped: 0, durations: [] }));
    return t;
  };
  const matches = zeroMatches();
  for (const step of input.steps) {
    const t = tally(step.block_id);
    t.entries += 1;
    t.via[step.via ?? 'unknown'] += 1;
    if (step.match) matches[step.match] += 1;
  }
  const byTalk = groupByTalk(input.steps);
  const edges = new Map<string, InsightEdge>();
  for (const [talkId, steps] of byTalk) walkTalk({ talkId, steps, input, tally, edges });
  return {
    talks: byTalk.size,
    blocks: [...tallies]
      .map(([block_id, t]) => ({
        block_id,
        entries: t.entries,
        via: t.via,
        completed: t.completed,
        dropped: t.dropped,
        median_ms: median(t.durations),
      }))
      .sort((a, b) => b.entries - a.entries || a.block_id.localeCompare(b.block_id)),
    edges: [...edges.values()].sort(
      (a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
    matches,
  };
}

function groupByTalk(steps: StepRow[]): Map<string, StepRow[]> {
  const byTalk = new Map<string, StepRow[]>();
  for (const step of steps) {
    if (step.talk_id === null) continue;
    const list = byTalk.get(step.talk_id) ?? [];
    list.push(step);
    byTalk.set(step.talk_id, list);
  }
  return byTalk;
}

interface TalkWalk {
  talkId: string;
  steps: StepRow[];
  input: FigureInput;
  tally: (blockId: string) => Tally;
  edges: Map<string, InsightEdge>;
}

/** One talk: an edge and a time in block per consecutive pair, then how its last step turned out. */
function walkTalk({ talkId, steps, input, tally, edges }: TalkWalk): void {
  for (let i = 1; i < steps.length; i++) {
    const from = steps[i - 1]!;
    const to = steps[i]!;
    const key = JSON.stringify([from.block_id, to.block_id]);
    const edge = edges.get(key) ?? { from: from.block_id, to: to.block_id, count: 0 };
    edge.count += 1;
    edges.set(key, edge);
    tally(from.block_id).durations.push(Date.parse(to.at) - Date.parse(from.at));
  }
  const last = steps[steps.length - 1]!;
  const next = input.nextAfter.get(talkId);
  if (next !== undefined) {
    tally(last.block_id).durations.push(Date.parse(next) - Date.parse(last.at));
    return;
  }
  const ending = endingOf(input.talks.get(talkId), last.at, input.now);
  if (ending === 'completed') tally(last.block_id).completed += 1;
  else if (ending === 'dropped') tally(last.block_id).dropped += 1;
}

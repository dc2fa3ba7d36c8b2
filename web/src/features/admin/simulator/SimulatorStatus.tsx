import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invalidLimit } from '@talkwith/dialogue-engine';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import { useAppSelector } from '../../../app/hooks.ts';
import { selectPlayer } from '../../../app/player.ts';
import { ADMIN_NS, type AdminT } from '../i18n.ts';
import { SimulatorGraph } from './SimulatorGraph.tsx';
import type { TraceEntry } from './trace.ts';

interface Props {
  character: Character;
  trace: TraceEntry[];
  blocksLink: (blockId: string) => string;
  onStartFrom: (blockId: string) => void;
}

/** Beside the video, live: the block, listen state and timers, the ladders' counters, slots, the graph, and why each route was taken. */
export function SimulatorStatus({ character, trace, blocksLink, onStartFrom }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const { rt } = useAppSelector(selectPlayer);
  const block = character.blocks.find((b) => b.id === rt?.blockId);
  const [startAt, setStartAt] = useState(character.blocks[0]?.id ?? '');
  const max = (n: number) => (n > 0 ? String(n) : t('simulator.unlimited'));
  const slots = Object.entries(rt?.slotValues ?? {});
  return (
    <aside className="sim__status" aria-label={t('simulator.status')}>
      <form
        className="sim__start"
        onSubmit={(e) => {
          e.preventDefault();
          if (startAt) onStartFrom(startAt);
        }}
      >
        <label>
          {t('simulator.startFrom')}
          <select value={startAt} onChange={(e) => setStartAt(e.target.value)}>
            {character.blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.title || b.id}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--small btn--primary">
          {t('simulator.start')}
        </button>
      </form>
      <dl className="sim__facts">
        <dt>{t('simulator.block')}</dt>
        <dd data-testid="sim-block">
          {block ? <Link to={blocksLink(block.id)}>{block.title || block.id}</Link> : t('simulator.none')}
        </dd>
        <dt>{t('simulator.phase')}</dt>
        <dd data-testid="sim-phase">{rt?.phase ?? 'standby'}</dd>
        <dt>{t('simulator.mic')}</dt>
        <dd>{rt?.micOpen ? t('simulator.micOpen') : t('simulator.micClosed')}</dd>
        <dt>{t('simulator.timers')}</dt>
        <dd>
          {Object.entries(rt?.timers ?? {})
            .map(([name, run]) => `${name} ${Math.round((run?.ms ?? 0) / 100) / 10}s`)
            .join(', ') || t('simulator.none')}
        </dd>
        {block && (
          <>
            <dt>{t('simulator.invalid')}</dt>
            <dd data-testid="sim-invalid">
              {t('simulator.counter', { count: rt?.invalidCount ?? 0, max: max(invalidLimit(block)) })}
            </dd>
            <dt>{t('simulator.silence')}</dt>
            <dd>{t('simulator.counter', { count: rt?.silenceCount ?? 0, max: max(block.silence_count) })}</dd>
          </>
        )}
        <dt>{t('simulator.slots')}</dt>
        <dd data-testid="sim-slots">
          {slots.length ? slots.map(([name, value]) => `${name}=${value}`).join(', ') : t('simulator.none')}
        </dd>
      </dl>
      <SimulatorGraph character={character} blockId={rt?.blockId ?? null} />
      <h3>{t('simulator.trace')}</h3>
      {trace.length === 0 ? (
        <p className="muted">{t('simulator.traceEmpty')}</p>
      ) : (
        <ol className="sim__trace" data-testid="sim-trace">
          {trace.map((entry, i) => (
            <li key={i}>{lineOf(entry, t)}</li>
          ))}
        </ol>
      )}
    </aside>
  );
}

type T = AdminT;

/** One trace entry in words. */
function lineOf(entry: TraceEntry, t: T): string {
  switch (entry.kind) {
    case 'heard':
      return t('simulator.heard', { text: entry.text });
    case 'step': {
      const via = t(`simulator.via.${entry.via ?? 'unknown'}`);
      return t('simulator.step', {
        title: entry.title,
        via: entry.word ? `${via}${t('simulator.hitWord', { word: entry.word })}` : via,
      });
    }
    case 'search':
      return entry.hits.length
        ? t('simulator.search', { hits: entry.hits.map((h) => `${h.block_id} ${h.score}`).join(', ') })
        : t('simulator.searchNone');
    case 'score':
      return entry.score === null
        ? t('simulator.scoreEmpty')
        : t('simulator.score', { score: entry.score, threshold: entry.threshold });
    case 'unmatched':
      return t('simulator.unmatched', { reason: entry.reason });
    case 'failed':
      return t('simulator.failed', { message: entry.message });
  }
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  draftRecognition,
  PlayerScreen,
  useTryDraftMutation,
  type DraftRun,
  type RunnerDeps,
} from '../../../app/player.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { SimulatorStatus } from './SimulatorStatus.tsx';
import type { ObservedStep } from '../tests/fromSession.ts';
import { SaveSessionAsTest } from '../tests/SaveSessionAsTest.tsx';
import { traceOf, type TraceEntry } from './trace.ts';
import './simulator.css';

const TRACE_KEPT = 60;

/**
 * `characters/:character_id/try`: the draft in the player itself (the same
 * screen, engine and effect runner), recognition on the draft, nothing
 * written for customers; beside it what the engine is doing and why.
 * Asked afresh on each visit, so the latest saved edits are what plays.
 */
export default function SimulatorPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { character_id: characterId = '' } = useParams();
  const { apiBase, basePath } = useAdminBase();
  const dispatch = useAppDispatch();
  const [tryDraft, asked] = useTryDraftMutation();
  const [trace, setTrace] = useState<TraceEntry[]>([]);
  const [run, setRun] = useState<{ seq: number; startAt?: string }>({ seq: 0 });
  // Every step of this talk, for 「この会話をテストとして保存」 (a ref: recording must not re-render the page).
  const session = useRef<ObservedStep[]>([]);
  useEffect(() => {
    void tryDraft({ base: apiBase, characterId });
  }, [tryDraft, apiBase, characterId]);
  const playable = asked.data?.character;

  const observe = useCallback<NonNullable<RunnerDeps['observe']>>(
    (input, before, commands) => {
      if (!playable) return;
      session.current.push({ input, blockBefore: before.blockId, commands });
      const entries = traceOf(playable.dialogue, input, before, commands);
      if (entries.length > 0) setTrace((kept) => [...kept, ...entries].slice(-TRACE_KEPT));
    },
    [playable],
  );
  const draft = useMemo<DraftRun & { embedded: boolean }>(
    () => ({
      embedded: true,
      recognition: draftRecognition(dispatch, apiBase),
      observe,
      ...(run.startAt ? { startAt: run.startAt } : {}),
    }),
    [dispatch, apiBase, observe, run],
  );
  const startFrom = (blockId: string) => {
    setTrace([]);
    session.current = [];
    setRun((r) => ({ seq: r.seq + 1, startAt: blockId }));
  };
  const blocksLink = (blockId: string) =>
    `${basePath}/characters/${encodeURIComponent(characterId)}/blocks?block=${encodeURIComponent(blockId)}`;

  let body;
  if (asked.isError)
    body = (
      <p className="notice notice--error" role="alert">
        {t('simulator.loadFailed')}
      </p>
    );
  else if (!playable) body = <p className="muted">{t('simulator.loading')}</p>;
  else {
    body = (
      <>
        <div className="sim">
          <div className="sim__player">
            <PlayerScreen key={run.seq} playable={playable} slug={playable.slug ?? characterId} draft={draft} />
          </div>
          <SimulatorStatus
            character={playable.dialogue}
            trace={trace}
            blocksLink={blocksLink}
            onStartFrom={startFrom}
          />
        </div>
        <SaveSessionAsTest characterId={characterId} observed={() => session.current} />
      </>
    );
  }
  return (
    <>
      <CharacterNav characterId={characterId} name={playable?.name} />
      <div className="admin-head">
        <h2 className="admin-head__title">{t('simulator.title')}</h2>
      </div>
      <p className="muted small">{t('simulator.lead')}</p>
      {body}
    </>
  );
}

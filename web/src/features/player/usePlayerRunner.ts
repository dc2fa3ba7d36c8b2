import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import type { CharacterMedia } from '@talkwith/proto/catalog';
import { initialState } from '@talkwith/dialogue-engine/player';
import { selectUser } from '../../api/index.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import type { RootState } from '../../app/store.ts';
import { createEffectRunner, type EffectRunner, type RunnerDeps } from './effectRunner.ts';
import { makeLogSink } from './logSinks.ts';
import {
  selectPlayer,
  sessionClosed,
  sessionOpened,
  speechSwitchedToServer,
  speechUnavailable,
} from './playerSlice.ts';
import { browserClock, type LogSink, type RecognitionPort } from './ports.ts';
import { serverRecognition, serverTalks } from './serverPorts.ts';
import { createTalkSession } from './talkSession.ts';
import { createVideoStage } from './videoStage.ts';
import { chooseSpeech } from './speechChoice.ts';

/** The clip on screen: the element showing it and its video id. */
export interface ShownClip {
  element: HTMLVideoElement;
  videoId: string;
}

/**
 * Opens a player session for the character: wires the effect runner to the
 * video stage (its <video> pool goes into `stage`), speech recognition and
 * the log socket, and shows the standby loop. Returns the runner (null until
 * the stage is mounted) and the clip on screen.
 */
/**
 * How an operator's try of the draft differs (the console's simulator, a preview of /full/chat): recognition on
 * the draft (admin routes), no talk on the server, no log lines, and an observer of every step.
 */
export interface DraftRun {
  recognition: RecognitionPort;
  observe?: RunnerDeps['observe'];
  /** Start the talk at once in this block (the simulator's 「このブロックから始める」). */
  startAt?: string;
}

const NO_LOGS: LogSink = { log: () => undefined, close: () => undefined };

export function usePlayerRunner(
  character: Character | undefined,
  media: CharacterMedia | undefined,
  stage: HTMLElement | null,
  draft?: DraftRun,
): { runner: EffectRunner | null; shown: ShownClip | null } {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation();
  const store = useStore<RootState>();
  const [runner, setRunner] = useState<EffectRunner | null>(null);
  const [shown, setShown] = useState<ShownClip | null>(null);
  const runnerRef = useRef<EffectRunner | null>(null);

  useEffect(() => {
    if (!character || !media || !stage) return undefined;
    const seed = Math.floor(Math.random() * 2 ** 31);
    const send: EffectRunner['send'] = (input) => runnerRef.current?.send(input);
    const userId = selectUser(store.getState())?.id ?? null;
    const { speech, mode, problem } = chooseSpeech(
      {
        interim: (text) => send({ type: 'speechInterim', text }),
        final: (text) => send({ type: 'speechFinal', text }),
      },
      {
        unavailable: (reason) => dispatch(speechUnavailable(reason)),
        switched: (reason) => dispatch(speechSwitchedToServer(reason)),
      },
      {
        character,
        media,
        uiLanguage: i18n.language,
        signedIn: userId !== null,
        getToken: () => store.getState().session.accessToken,
      },
    );
    dispatch(
      sessionOpened({
        characterId: character.id,
        seed,
        rt: initialState(character, { seed }).rt,
        speechMode: mode,
        speechProblem: problem,
      }),
    );
    const logs = draft ? NO_LOGS : makeLogSink(userId, () => store.getState().session.accessToken);
    // A visitor talks free characters and nothing is recorded; a signed-in user's talks are (tickets, tracker, resume); an operator's try of a draft never is.
    const talk =
      userId && !draft
        ? createTalkSession(serverTalks(dispatch), character.id, (entry) =>
            logs.log({ ...entry, characterId: character.id }),
          )
        : null;
    const created = createEffectRunner({
      character,
      media,
      uiLanguage: i18n.language,
      dispatch,
      getPlayer: () => selectPlayer(store.getState()),
      speech,
      clock: browserClock,
      logs,
      talk,
      recognition: draft?.recognition ?? serverRecognition(dispatch),
      ...(draft?.observe ? { observe: draft.observe } : {}),
      video: createVideoStage(stage, {
        shown: (_slot, videoId, element) => {
          setShown({ element, videoId });
          runnerRef.current?.videoShown(videoId);
        },
        ended: (slot, videoId) => send({ type: 'videoEnded', slot, videoId }),
        timeReached: (slot, videoId, ms) => send({ type: 'videoTimeReached', slot, videoId, ms }),
        failed: (slot, videoId, message) =>
          runnerRef.current?.videoFailed(slot, videoId, `動画を再生できません: ${videoId} (${message})`),
      }),
    });
    // Closing the tab is leaving too (the effect's clean-up does not run then).
    const onPageHide = () => talk?.left();
    window.addEventListener('pagehide', onPageHide);
    runnerRef.current = created;
    setRunner(created);
    // The engine's first step (the standby clip loading) in a task of its own: in the player's mount,
    // after its render and commit, it made that task one of the page's longest on a mid-range phone.
    const begin = setTimeout(() => {
      created.send({ type: 'ready' });
      if (draft?.startAt)
        created.startTalk({ btn: 'simulator' }, { type: 'start', source: 'resume', blockId: draft.startAt });
    }, 0);
    return () => {
      clearTimeout(begin);
      window.removeEventListener('pagehide', onPageHide);
      created.dispose();
      runnerRef.current = null;
      setRunner(null);
      setShown(null);
      dispatch(sessionClosed());
    };
  }, [character, media, stage, dispatch, store, i18n, draft]);

  return { runner, shown };
}

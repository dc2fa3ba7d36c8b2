import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import type { CharacterMedia } from '@talkwith/proto/catalog';
import { initialState } from '@talkwith/dialogue-engine';
import { selectUser } from '../../api/index.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import type { RootState } from '../../app/store.ts';
import { createEffectRunner, type EffectRunner } from './effectRunner.ts';
import { consoleLogSink, socketLogSink, socketUrl } from './logSink.ts';
import { selectPlayer, sessionClosed, sessionOpened, speechUnavailable } from './playerSlice.ts';
import { browserClock, type LogSink } from './ports.ts';
import { createVideoStage } from './videoStage.ts';
import { createWebSpeech } from './webSpeech.ts';

/** Logging is suppressed when the page is opened from the album (?album=true, SPEC §7). */
function makeLogSink(userId: string | null, getToken: () => string | null): LogSink {
  const album = new URLSearchParams(window.location.search).get('album') === 'true';
  if (album) return { log: () => undefined, close: () => undefined };
  return userId ? socketLogSink(socketUrl(), getToken) : consoleLogSink();
}

/** The clip on screen: the element showing it and its video id. */
export interface ShownClip { element: HTMLVideoElement; videoId: string }

/**
 * Opens a player session for the character: wires the effect runner to the
 * video stage (its <video> pool goes into `stage`), speech recognition and
 * the log socket, and shows the standby loop. Returns the runner (null until
 * the stage is mounted) and the clip on screen.
 */
export function usePlayerRunner(character: Character | undefined, media: CharacterMedia | undefined, stage: HTMLElement | null): { runner: EffectRunner | null; shown: ShownClip | null } {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [runner, setRunner] = useState<EffectRunner | null>(null);
  const [shown, setShown] = useState<ShownClip | null>(null);
  const runnerRef = useRef<EffectRunner | null>(null);

  useEffect(() => {
    if (!character || !media || !stage) return undefined;
    const seed = Math.floor(Math.random() * 2 ** 31);
    const send: EffectRunner['send'] = (input) => runnerRef.current?.send(input);
    const speech = character.setting.use_web_speech_api
      ? createWebSpeech({
        interim: (text) => send({ type: 'speechInterim', text }),
        final: (text) => send({ type: 'speechFinal', text }),
        unavailable: (reason) => dispatch(speechUnavailable(reason)),
      })
      : null;
    dispatch(sessionOpened({ characterId: character.id, seed, rt: initialState(character, { seed }).rt, speechMode: speech ? 'webSpeech' : 'textOnly' }));
    const created = createEffectRunner({
      character, media, dispatch, getPlayer: () => selectPlayer(store.getState()), speech, clock: browserClock,
      logs: makeLogSink(selectUser(store.getState())?.id ?? null, () => store.getState().session.accessToken),
      video: createVideoStage(stage, {
        shown: (_slot, videoId, element) => setShown({ element, videoId }),
        ended: (slot, videoId) => send({ type: 'videoEnded', slot, videoId }),
        timeReached: (slot, videoId, ms) => send({ type: 'videoTimeReached', slot, videoId, ms }),
        failed: (slot, videoId, message) => {
          console.warn(`video ${videoId} failed: ${message}`);
          send({ type: 'videoEnded', slot, videoId });
        },
      }),
    });
    runnerRef.current = created;
    setRunner(created);
    created.send({ type: 'ready' });
    return () => {
      created.dispose();
      runnerRef.current = null;
      setRunner(null);
      setShown(null);
      dispatch(sessionClosed());
    };
  }, [character, media, stage, dispatch, store]);

  return { runner, shown };
}

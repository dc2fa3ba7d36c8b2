import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { PublicCharacter as Character, EngineCommand } from '@talkwith/proto/dialogue';
import { Shell } from '../../app/Shell.tsx';
import { fakeServer, renderRoutes, sampleUser, type RecordedCall } from '../../test/harness.tsx';
import type { EffectRunner } from './effectRunner.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { sessionOpened, stepped } from './playerSlice.ts';
import type { Language } from '../../i18n/languages.ts';

/** Page-test helpers for the player's controls: a recording runner, a scripted server, the controls inside the Shell (popups). */

export type RecordingRunner = EffectRunner & { sent: unknown[]; talks: unknown[] };

export function fakeRunner(): RecordingRunner {
  const sent: unknown[] = [];
  const talks: unknown[] = [];
  return {
    sent,
    talks,
    send: (input) => {
      sent.push(input);
    },
    startTalk: (start, input) => {
      talks.push(start);
      sent.push(input);
    },
    videoShown: vi.fn(),
    videoFailed: vi.fn(),
    setMicEnabled: vi.fn(),
    primeMedia: vi.fn(),
    dispose: vi.fn(),
  };
}

export function aCustomer() {
  return { ...sampleUser, id: `u-${Math.random().toString(36).slice(2, 10)}` };
}

type Answer = [number, unknown];
type Route = Answer | ((call: RecordedCall) => Answer | Promise<Answer>);

/**
 * `'POST next_start_block': [200, {...}]`; anything not scripted answers 404.
 * With a user, the Shell's session restore (POST /api/auth/refresh on the CSRF cookie's hint) keeps them signed in.
 */
export function playerServer(routes: Record<string, Route> = {}, user: ReturnType<typeof aCustomer> | null = null) {
  const session: Record<string, Route> = {};
  if (user) {
    document.cookie = 'talkwith-csrf=test-csrf; path=/';
    session['POST auth/refresh'] = [200, { ok: true, accessToken: 'access-token', user }];
  }
  return fakeServer((call) => {
    const scripted: Record<string, Route> = {
      'GET config': [200, {}],
      'GET notifications_available': [200, { ok: true, available: false }],
      ...session,
      ...routes,
    };
    const route = scripted[`${call.method} ${call.url.replace(/^\/api\//, '')}`];
    if (!route) return [404, { ok: false, code: 'NOT_FOUND', message: 'not scripted' }];
    return typeof route === 'function' ? route(call) : route;
  });
}

interface ControlsOptions {
  commands: EngineCommand[];
  user?: ReturnType<typeof aCustomer> | null;
  character?: Character;
  micTest?: boolean;
  language?: Language;
  /** The character's name in the interface language (PlayerScreen passes it). */
  name?: string;
}

/** The controls in the Shell at /full/chat/x, the engine's commands already applied to the view. */
export async function renderControls({
  commands,
  user = null,
  character = demoCharacter,
  micTest = false,
  language = 'ja-JP',
  name,
}: ControlsOptions) {
  const runner = fakeRunner();
  const state = user
    ? { session: { status: 'authenticated' as const, accessToken: 'access-token', user } }
    : { session: { status: 'guest' as const, accessToken: null, user: null } };
  const harness = await renderRoutes(
    [
      {
        element: <Shell />,
        children: [
          {
            path: '/full/chat/x',
            element: (
              <PlayerControls runner={runner} character={character} micTest={micTest} {...(name ? { name } : {})} />
            ),
          },
        ],
      },
    ],
    { path: '/full/chat/x', state, language },
  );
  const rt = initialState(character).rt;
  act(() => {
    harness.store.dispatch(sessionOpened({ characterId: character.id, seed: 1, rt, speechMode: 'webSpeech' }));
    harness.store.dispatch(stepped({ rt, commands }));
  });
  return { runner, ...harness };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { CharacterAccess, PlayableCharacter } from '@talkwith/proto/catalog';
import { Shell } from '../../app/Shell.tsx';
import { renderRoutes, type RecordedCall } from '../../test/harness.tsx';
import { aCustomer, playerServer } from './controls-test-kit.tsx';
import PlayerPage from './PlayerPage.tsx';
import { mediaFor } from './testing.ts';

/**
 * The player against the served access (catalog D4) and the talk's start rules (dialogue D3), through the real
 * page, gate, runner and talk session over a scripted server. The video stage, the recogniser and the log socket
 * are replaced: jsdom plays no video; the stage records what the engine asked it to play.
 */
const stage = vi.hoisted(() => ({ played: [] as string[] }));

vi.mock('./videoStage.ts', () => ({
  createVideoStage: () => ({
    play: (_slot: string, url: string) => {
      stage.played.push(url);
    },
    preload: () => undefined,
    warm: () => undefined,
    cue: () => undefined,
    prime: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    dispose: () => undefined,
  }),
}));
vi.mock('./speechChoice.ts', async (original) => ({
  ...(await original<object>()),
  chooseSpeech: () => ({ speech: null, mode: 'textOnly' }),
}));
vi.mock('./logSink.ts', async (original) => ({
  ...(await original<object>()),
  socketLogSink: () => ({ log: () => undefined, close: () => undefined }),
}));

const PRICE = 1200;
const MEDIA = mediaFor(demoCharacter);
const GREETING = MEDIA.videos.greet!;
const MIC_TEST_CLIP = MEDIA.videos.mic_test!;

/** ミライ with a price, served whole (free to this caller for the reason `access` gives). */
function whole(slug: string, access: CharacterAccess): PlayableCharacter {
  return {
    ok: true,
    character: {
      id: demoCharacter.id,
      name: 'ミライ',
      description: '',
      slug,
      avatar_url: null,
      playable: true,
      published_at: '2026-01-01T00:00:00.000Z',
      dialogue: { ...demoCharacter, price: PRICE },
      media: MEDIA,
      locked: [],
      access,
    },
  };
}

/** ミライ served as a preview: the setting, the start buttons, the standby and the mic-test block with their clips, nothing else. */
function preview(slug: string): PlayableCharacter {
  const served = whole(slug, 'preview');
  const keptVideos = new Set(['standby', 'mic_test']);
  const { dialogue } = served.character;
  return {
    ...served,
    character: {
      ...served.character,
      dialogue: {
        ...dialogue,
        blocks: dialogue.blocks.filter((b) => b.id === 'mic-test'),
        videos: dialogue.videos.filter((v) => keptVideos.has(v.id)),
        conversations: [],
      },
      media: {
        videos: Object.fromEntries(Object.entries(MEDIA.videos).filter(([id]) => keptVideos.has(id))),
        posters: {},
        subtitles: {},
      },
    },
  };
}

const aTalk = (btn: string) => ({
  talk_id: 'talk-1',
  character_id: demoCharacter.id,
  btn,
  status: 'started',
  ticket_use_id: null,
  started_at: '2026-03-01T03:00:00.000Z',
  replied_at: null,
  ended_at: null,
  total_billed_time: 0,
});
const TALK_OPENED = (call: RecordedCall): [number, unknown] => [
  200,
  { ok: true, talk: aTalk(String((call.body as { btn: string }).btn)) },
];
const TICKET_USED: [number, unknown] = [
  200,
  { ok: true, used: 1, talk_tickets: 1, use_id: 'use-1', use_token: 'token-1' },
];

type Routes = Parameters<typeof playerServer>[0];

/** The player at /full/chat/{slug}, signed in, over the scripted server (no resume offer, two tickets in the wallet). */
async function openPlayer(
  served: (slug: string, call: RecordedCall) => PlayableCharacter | [number, unknown],
  routes: Routes = {},
  query = '',
) {
  const user = aCustomer();
  const slug = `mirai-${Math.random().toString(36).slice(2, 8)}`;
  const server = playerServer(
    {
      [`GET characters/by-slug/${slug}`]: (call) => {
        const answer = served(slug, call);
        return Array.isArray(answer) ? answer : [200, answer];
      },
      'POST next_start_block': [200, { ok: true, block_id: null, title: null, updated_at: null }],
      'GET billing/wallet': [200, { ok: true, talk_tickets: 2, points: 0 }],
      'POST talk_tickets': TICKET_USED,
      'POST dialogue/talks': TALK_OPENED,
      'POST dialogue/talks/talk-1/release': [200, { ok: true, talk: { ...aTalk('btn-talk'), status: 'released' } }],
      ...routes,
    },
    user,
  );
  const state = { session: { status: 'authenticated' as const, accessToken: 'access-token', user } };
  await renderRoutes(
    [{ element: <Shell />, children: [{ path: '/full/chat/:character_slug', element: <PlayerPage /> }] }],
    { path: `/full/chat/${slug}${query}`, state },
  );
  return { server, slug };
}

/** Served with the ticket's token: the whole character; without it: the preview. */
const servedByTicket = (slug: string, call: RecordedCall): PlayableCharacter =>
  new URLSearchParams(call.query).get('ticket_use_token') === 'token-1' ? whole(slug, 'ticket') : preview(slug);

const calls = (server: { calls: RecordedCall[] }, method: string, url: string) =>
  server.calls.filter((c) => c.method === method && c.url === url);
const talkStarts = (server: { calls: RecordedCall[] }) => calls(server, 'POST', '/api/dialogue/talks');

/** Presses a start button and, in the ticket dialog that follows, uses one ticket. */
async function startWithTicket(server: { calls: RecordedCall[] }, button = '話す') {
  await vi.waitFor(() => expect(calls(server, 'GET', '/api/billing/wallet')).toHaveLength(1));
  fireEvent.click(await screen.findByRole('button', { name: button }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '1枚使って話す' }));
}

beforeEach(() => {
  stage.played.length = 0;
  // This tab holds the player's Web Lock (no other tab has the page).
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      locks: {
        request: (_name: string, _options: unknown, callback: (lock: unknown) => unknown) =>
          Promise.resolve(callback({})),
      },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('player and entitlement', () => {
  it('preview, a priced character not bought, shows the standby and every start button (mic test included)', async () => {
    await openPlayer(preview);

    for (const title of ['話す', '占い', 'マイクテスト'])
      expect(await screen.findByRole('button', { name: title })).toBeTruthy();
    expect(stage.played).toEqual([MEDIA.videos.standby]);
  });

  it('ticket, used at the gate, fetches the character again with its use_token, then opens the talk with ticket_use_token and plays the greeting', async () => {
    const { server, slug } = await openPlayer(servedByTicket);

    await startWithTicket(server);

    await vi.waitFor(() => expect(stage.played).toContain(GREETING));
    const order = server.calls.map((c) => `${c.method} ${c.url}${c.query ?? ''}`);
    const used = order.indexOf('POST /api/talk_tickets');
    const refetched = order.indexOf(`GET /api/characters/by-slug/${slug}?ticket_use_token=token-1`);
    expect(used).toBeGreaterThan(-1);
    expect(refetched).toBeGreaterThan(used);
    expect(talkStarts(server).map((c) => c.body)).toEqual([
      { character_id: demoCharacter.id, btn: 'btn-talk', ticket_use_token: 'token-1' },
    ]);
    expect(server.calls.some((c) => c.url.endsWith('/release'))).toBe(false);
  });

  it('ticket, the character cannot be fetched with it, never starts the engine, releases the talk (the ticket goes back) and says so', async () => {
    const { server } = await openPlayer((slug, call) =>
      call.query ? [500, { ok: false, message: '内部エラー' }] : preview(slug),
    );

    await startWithTicket(server);

    await vi.waitFor(() => expect(calls(server, 'POST', '/api/dialogue/talks/talk-1/release')).toHaveLength(1));
    expect(talkStarts(server).map((c) => c.body)).toEqual([
      { character_id: demoCharacter.id, btn: 'btn-talk', ticket_use_token: 'token-1' },
    ]);
    expect(await screen.findByText(/会話を読み込めませんでした。使ったトークチケットはお返しします。/u)).toBeTruthy();
    expect(stage.played).not.toContain(GREETING);
    expect((screen.getByRole('button', { name: '話す' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('mic test, opened with ?mic_test=1 on a priced character not bought, spends no ticket and plays the mic-test clip', async () => {
    const { server } = await openPlayer(preview, {}, '?mic_test=1');

    await vi.waitFor(() => expect(stage.played).toContain(MIC_TEST_CLIP));
    expect(talkStarts(server).map((c) => c.body)).toEqual([{ character_id: demoCharacter.id, btn: 'micTest' }]);
    expect(calls(server, 'POST', '/api/talk_tickets')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('mic test, its start button pressed on a priced character not bought, asks for no ticket and starts as a mic test', async () => {
    const { server } = await openPlayer(preview);
    await vi.waitFor(() => expect(calls(server, 'GET', '/api/billing/wallet')).toHaveLength(1));

    fireEvent.click(await screen.findByRole('button', { name: 'マイクテスト' }));

    await vi.waitFor(() => expect(stage.played).toContain(MIC_TEST_CLIP));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(talkStarts(server).map((c) => c.body)).toEqual([{ character_id: demoCharacter.id, btn: 'micTest' }]);
    expect(calls(server, 'POST', '/api/talk_tickets')).toHaveLength(0);
  });

  it('402, the server wants a ticket for a character served as owned, shows the calm message and plays nothing', async () => {
    const { server } = await openPlayer((slug) => whole(slug, 'owned'), {
      'POST dialogue/talks': [
        402,
        {
          ok: false,
          code: 'TICKET_REQUIRED',
          error: 'Payment Required',
          message: 'このキャラクターと話すにはトークチケットが必要です。',
        },
      ],
    });

    fireEvent.click(await screen.findByRole('button', { name: '話す' }));

    expect(
      await screen.findByText(/このキャラクターと話すにはトークチケットが必要です。トークチケットを用意してから/u),
    ).toBeTruthy();
    expect(stage.played).not.toContain(GREETING);
    expect(talkStarts(server)).toHaveLength(1);
    expect(calls(server, 'POST', '/api/talk_tickets')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '話す' })).toBeTruthy();
  });

  it('403, the talk refuses the ticket just used, shows the calm message and plays nothing', async () => {
    const { server } = await openPlayer(servedByTicket, {
      'POST dialogue/talks': [
        403,
        { ok: false, code: 'FORBIDDEN', error: 'Forbidden', message: 'このトークチケットは使えません。' },
      ],
    });

    await startWithTicket(server);

    expect(await screen.findByText(/このトークチケットは使えませんでした。/u)).toBeTruthy();
    expect(stage.played).not.toContain(GREETING);
    expect(server.calls.some((c) => c.url.endsWith('/release'))).toBe(false);
  });
});

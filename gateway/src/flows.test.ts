import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, startRedisServer } from '@talkwith/platform/testing';
import { eventually, startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';

/** A standby clip, one block and its start button: what validateCharacter needs before a character may be published. */
const smallestValidCharacter = (id: string) => ({
  id,
  character_id: id,
  name: '桜井はるか',
  slug: id,
  price: 0,
  avatar: '',
  group_id: null,
  setting: { character_id: id, standby_video_id: 'standby', default_start_button_id: 'start' },
  videos: [{ id: 'standby', character_id: id, path: 'videos/standby.mp4', title: 'standby.mp4', loop: true }],
  blocks: [{ id: 'hello', character_id: id, trigger_video_id: 'standby' }],
  startButtons: [{ id: 'start', character_id: id, title: '話す', block_id: 'hello' }],
  summary: {},
  replacement: {},
  random: {},
});

/**
 * The cross-service event exchanges, end to end through the gateway, once per
 * bus adapter: identity → billing/engagement/logging (user.registered),
 * catalog → dialogue (character.published), WebSocket → logging (client.logged).
 */
interface BusCase {
  name: string;
  setup(): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
  skip: string | null;
}

const kafkaUrl = process.env.KAFKA_URL;
const busCases: BusCase[] = [
  { name: 'in-process bus', skip: null, setup: async () => ({ env: {}, stop: async () => {} }) },
  {
    name: 'Redis Streams bus',
    skip: null,
    setup: async () => {
      const redis = await startRedisServer();
      return { env: { BUS_URL: redis.url }, stop: () => redis.stop() };
    },
  },
  {
    name: 'Kafka bus',
    skip: skipReason('KAFKA_URL'),
    setup: async () => ({
      env: { BUS_URL: `kafka://${(kafkaUrl ?? '').replace(/^kafka:\/\//, '')}` },
      stop: async () => {},
    }),
  },
];

for (const bus of busCases) {
  if (bus.skip) console.warn(`skipped: cross-service flows on ${bus.name} — ${bus.skip}`);
  (bus.skip ? describe.skip : describe)(`cross-service flows on ${bus.name}`, () => {
    let gw: TestGateway;
    let stopBus: () => Promise<void>;
    beforeAll(async () => {
      const { env, stop } = await bus.setup();
      stopBus = stop;
      gw = await startTestGateway(env);
    });
    afterAll(async () => {
      await gw?.close();
      await stopBus?.();
    });

    const admin = () => ({ authorization: `Bearer ${gw.tokenFor('admin-1', ['admin'])}` });
    const logsOf = async (filter: Record<string, unknown>) => {
      const res = await gw.app.inject({
        method: 'POST',
        url: `/api/${TEST_ADMIN_PREFIX}/logs/filter`,
        headers: admin(),
        payload: filter,
      });
      return res.json().logs as Array<Record<string, unknown>>;
    };

    it(`${bus.name}, a user signs up, gets a wallet, a welcome notification and an audit log line`, async () => {
      const email = `flow${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.jp`;
      const signup = await gw.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'Passw0rd!x', gender: 'female', date_of_birth: '1990-04-01' },
      });
      expect(signup.statusCode).toBe(201);
      const userId = signup.json().user.id as string;
      const auth = { authorization: `Bearer ${gw.tokenFor(userId)}` };

      const wallet = await eventually(async () => {
        const res = await gw.app.inject({ method: 'GET', url: '/api/billing/wallet', headers: auth });
        return res.statusCode === 200 && res.json();
      });
      expect(wallet).toMatchObject({ ok: true, points: 0, talk_tickets: 0 });
      const notifications = await eventually(async () => {
        const res = await gw.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
        return res.json().notifications?.length > 0 && res.json().notifications;
      });
      expect(notifications[0]).toMatchObject({ id: `welcome:${userId}`, kind: 'welcome' });
      const logged = await eventually(
        async () => (await logsOf({ user_id: userId, types: ['connect'], text: '会員登録' }))[0],
      );
      expect(logged).toMatchObject({ source: 'service', type: 'connect', message: '会員登録', user_id: userId });
    });

    it(`${bus.name}, an admin publishes a character, dialogue finds it by a Japanese word`, async () => {
      const created = await gw.app.inject({
        method: 'POST',
        url: `/api/${TEST_ADMIN_PREFIX}/characters`,
        headers: admin(),
        payload: { name: '桜井はるか', description: '京都の老舗旅館で働く案内役' },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().character.id as string;
      // Only a character without faults is published: the smallest valid conversation, imported as a file.
      const imported = await gw.app.inject({
        method: 'POST',
        url: `/api/${TEST_ADMIN_PREFIX}/characters/jsonUpload`,
        headers: admin(),
        payload: { character_id: id, dry_run: false, character: smallestValidCharacter(id) },
      });
      expect(imported.statusCode).toBe(200);
      const published = await gw.app.inject({
        method: 'POST',
        url: `/api/${TEST_ADMIN_PREFIX}/characters/${id}/publish`,
        headers: admin(),
      });
      expect(published.statusCode).toBe(200);

      const hits = await eventually(async () => {
        const res = await gw.app.inject({
          method: 'GET',
          url: `/api/dialogue/characters/search?q=${encodeURIComponent('旅館')}`,
        });
        return res.json().hits?.find((h: { character_id: string }) => h.character_id === id);
      });
      expect(hits).toMatchObject({ character_id: id, name: '桜井はるか' });
    });

    it(`${bus.name}, a client logs over the WebSocket, the logging service stores the line`, async () => {
      const address = await gw.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = new WebSocket(`${address.replace('http', 'ws')}/api/socketio/new`, {
        headers: { origin: address },
      });
      await once(socket, 'open');
      const frames: Array<{ event: string; data: Record<string, unknown> }> = [];
      socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
      const userId = `ws-user-${Date.now()}`;
      socket.send(JSON.stringify({ event: 'auth', data: { token: gw.tokenFor(userId) } }));
      socket.send(JSON.stringify({ event: 'joinRoom', data: { id: 'room-1', user_id: userId } }));
      socket.send('{not json');
      socket.send(
        JSON.stringify({
          event: 'log',
          data: { user_id: userId, type: 'error', extra: { device: 'desktop', browser: 'Chromium' } },
        }),
      );
      const line = await eventually(async () => (await logsOf({ user_id: userId, source: 'client' }))[0]);
      socket.close();
      expect(line).toMatchObject({ type: 'error', user_id: userId });
      expect(frames.map((f) => f.event)).toEqual(['authed', 'joined', 'error', 'logged']);
    });
  });
}

import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../gateway/src/test-gateway.ts';
import { runSyntheticTalk, talkHeadless, type SyntheticResult } from './synthetic-talk.ts';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The standalone gateway in this process, listening on a loopback port. */
async function gatewayUrl(): Promise<{ gw: TestGateway; url: string }> {
  const gw = await startTestGateway();
  stops.push(() => gw.close());
  return { gw, url: await gw.app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function fetchMirai(url: string) {
  return (
    (await (await fetch(`${url}/api/characters/by-slug/mirai`)).json()) as {
      character: Parameters<typeof talkHeadless>[0];
    }
  ).character;
}

describe('synthetic talk', () => {
  it('synthetic talk, standalone gateway with the demo character, passes every step and times them', async () => {
    const { url } = await gatewayUrl();
    const result: SyntheticResult = await runSyntheticTalk(url);
    expect(result).toMatchObject({ ok: true });
    expect(result.clipsChecked).toBeGreaterThanOrEqual(4);
    expect(Object.keys(result.timings)).toEqual(['characterMs', 'engineMs', 'clipsMs', 'searchMs', 'totalMs']);
  });

  it('synthetic talk, a clip file gone, fails at the clips step naming the clip', async () => {
    const { gw, url } = await gatewayUrl();
    const character = await fetchMirai(url);
    const key = decodeURIComponent(new URL(character.media.videos['greet']!, url).pathname.replace(/^\/files\//, ''));
    expect(await gw.platform.files.delete(key)).toBe(true);
    const result = await runSyntheticTalk(url);
    expect(result).toMatchObject({ ok: false, failedStep: 'clips' });
    expect(result.message).toContain('greet');
  });

  it('synthetic talk, nothing answering the character, fails at the character step', async () => {
    const server: Server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const result = await runSyntheticTalk(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
    expect(result).toMatchObject({ ok: false, failedStep: 'character' });
    expect(result.message).toContain('503');
  });

  it('talkHeadless, the greeting without its hit words, fails at the hit word step', async () => {
    const { url } = await gatewayUrl();
    const character = await fetchMirai(url);
    const dialogue = { ...character.dialogue, blocks: character.dialogue.blocks.map((b) => ({ ...b, hit_words: [] })) };
    expect(() => talkHeadless({ ...character, dialogue })).toThrow(/ラーメン was not taken as a hit word/);
  });
});

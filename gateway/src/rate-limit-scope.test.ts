import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

describe('gateway rate limit scope', () => {
  it('rate limit, API calls past the limit, 429', async () => {
    gw = await startTestGateway({}, { rateLimitMax: 3 });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await gw.app.inject({ method: 'GET', url: '/api/characters' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('rate limit, API_RATE_LIMIT_PER_MINUTE set by the operator, is the limit', async () => {
    gw = await startTestGateway({ API_RATE_LIMIT_PER_MINUTE: '2' });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await gw.app.inject({ method: 'GET', url: '/api/characters' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('rate limit, media range requests past the limit, still served', async () => {
    gw = await startTestGateway({}, { rateLimitMax: 3 });
    // A published free character's clip: the files route serves it unsigned (catalog's media guard).
    await gw.platform.store.collection('characters').insertOne({
      _id: 'test',
      price: 0,
      published_at: new Date(),
      dialogue: { videos: [{ id: 'clip', path: 'videos/clip.mp4', title: 'clip.mp4' }] },
    });
    await gw.platform.files.put('characters/test/videos/clip.mp4', Buffer.alloc(4096, 1), 'video/mp4');
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await gw.app.inject({
            method: 'GET',
            url: '/files/characters/test/videos/clip.mp4',
            headers: { range: `bytes=${i}-${i + 99}` },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([206, 206, 206, 206, 206, 206]);
  });

  it("rate limit, the web client's hashed assets past the limit, still served while the API is refused", async () => {
    gw = await startTestGateway({}, { rateLimitMax: 3 });
    const assets = [];
    for (let i = 0; i < 6; i++)
      assets.push((await gw.app.inject({ method: 'GET', url: `/assets/chunk-${i}.js` })).statusCode);
    const api = [];
    for (let i = 0; i < 4; i++) api.push((await gw.app.inject({ method: 'GET', url: '/api/characters' })).statusCode);

    expect(assets.every((status) => status !== 429)).toBe(true);
    expect(api).toEqual([200, 200, 200, 429]);
  });
});

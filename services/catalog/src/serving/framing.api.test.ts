import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { catalogService } from '../index.ts';
import { framingCss, framingOfPoster } from './framing.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

/** A WebP still stored in the files port: a plain background with a dark figure whose centre is at `figureAt` (0–1). */
async function storedStill(width: number, height: number, figureAt: number) {
  const figure = Math.round(width / 8);
  const left = Math.round(width * figureAt - figure / 2);
  const body = await sharp({ create: { width, height, channels: 3, background: '#eeeaf6' } })
    .composite([
      {
        input: { create: { width: figure, height: Math.round(height / 2), channels: 3, background: '#4a3b6e' } },
        left,
        top: Math.round(height / 8),
      },
    ])
    .webp()
    .toBuffer();
  return svc.platform.files.put(`framing-test/${crypto.randomUUID()}.webp`, body, 'image/webp');
}

describe('poster framing for the first paint', () => {
  it('framing.css of the demo ミライ, standing left of the centre, crops her landscape frame around her on a portrait phone', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/characters/by-slug/mirai/framing.css' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const position = Number(/--player-focus-x: (\d+)%/u.exec(res.body)?.[1]);
    expect(res.body).toContain('[data-boot-slug="mirai"], [data-player-slug="mirai"]');
    expect(position).toBeLessThan(30);
  });

  it('framing.css of a character that does not exist, answers an empty stylesheet', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/characters/by-slug/nobody-here/framing.css' });

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('framingOfPoster, a landscape frame with the figure right of the centre, covers around it', async () => {
    const still = await storedStill(320, 180, 0.8);

    const framing = await framingOfPoster(svc.platform.files, still, true);

    expect(framing.fit).toBe('cover');
    expect(framing.positionX).toBeGreaterThan(80);
  });

  it('framingOfPoster, a portrait frame or a character laid out for portrait, is shown whole', async () => {
    const tall = await storedStill(180, 320, 0.5);
    const wide = await storedStill(320, 180, 0.8);

    expect((await framingOfPoster(svc.platform.files, tall, true)).fit).toBe('contain');
    expect((await framingOfPoster(svc.platform.files, wide, false)).fit).toBe('contain');
    expect(framingCss('yui', { fit: 'contain', positionX: 50 })).toContain('object-fit: contain');
  });

  it('framingCss, a slug that could leave the CSS string, writes nothing', () => {
    expect(framingCss('a"]{}*{x', { fit: 'cover', positionX: 10 })).toBe('');
  });
});

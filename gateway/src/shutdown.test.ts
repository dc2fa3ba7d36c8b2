import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeOnSignals } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';

describe('gateway graceful shutdown', () => {
  it('shutdown, signal during a slow request, finishes it, refuses new ones, closes consumers and adapters, exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-shutdown-'));
    const env = { DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 's'.repeat(40) };
    const config = loadPlatformConfig(env);
    const platform = await createPlatform(config);
    const app = await buildGateway({ config, env, platform, webDist: join(dir, 'none') });
    const order: string[] = [];
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 400));
      order.push('slow done');
      return { ok: true };
    });
    app.addHook('onClose', async () => {
      order.push('consumers closed');
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const exited = new Promise<number>((resolve) => {
      closeOnSignals(app, {
        signals: ['SIGUSR2'],
        exit: resolve,
        afterClose: async () => {
          await closePlatform(platform);
          order.push('adapters closed');
        },
      });
    });

    const slow = fetch(`${address}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    process.emit('SIGUSR2', 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 50));
    const late = await fetch(`${address}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );

    expect((await slow).status).toBe(200);
    expect(await exited).toBe(0);
    expect(late).not.toBe(200);
    expect(order).toEqual(['slow done', 'consumers closed', 'adapters closed']);
    await rm(dir, { recursive: true, force: true });
  });
});

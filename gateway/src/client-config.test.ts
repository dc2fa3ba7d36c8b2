import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

describe('GET /api/config', () => {
  it('client config, analytics id and devtools host configured, told to every visitor without the admin prefix', async () => {
    gw = await startTestGateway({ ANALYTICS_ID: 'G-TEST123', DEVTOOLS_BLOCK_HOST: 'talkwith.example.jp' });
    const res = await gw.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ analyticsId: 'G-TEST123', devtoolsBlockHost: 'talkwith.example.jp' });
  });

  it('client config, nothing configured, empty object so no analytics script loads', async () => {
    gw = await startTestGateway();
    const res = await gw.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({});
  });

  it('client config, Google client id and secret configured, tells the client to show the Google button', async () => {
    gw = await startTestGateway({ GOOGLE_CLIENT_ID: 'client-1', GOOGLE_CLIENT_SECRET: 'secret-1' });
    const res = await gw.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ googleSignIn: true });
  });

  it('client config, bad analytics id, start-up refused naming the variable', async () => {
    await expect(startTestGateway({ ANALYTICS_ID: '<script>' })).rejects.toThrow(/ANALYTICS_ID/);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { DeviceInfo } from '@talkwith/proto/engagement';
import { currentDeviceInfo } from '../../app/deviceInfo.ts';
import { RECONNECT, reconnectDelay, socketLogSink, socketUrl, type DeviceReader } from './logSink.ts';
import { fakeClock } from './testing.ts';

class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  closes = 0;
  close() {
    this.readyState = WebSocket.CLOSED;
    this.closes += 1;
  }
  drop() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
}

describe('log sink', () => {
  it('socketLogSink, logs before the socket opens, authenticates with the token, joins the room and sends the queued frames without a user_id', () => {
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x/api/socketio/new', () => 'token-1', {
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sink.log({
      category: 'play',
      message: '動画再生: greet.mp4',
      extra: { videoId: 'greet' },
      characterId: 'demo-mirai',
    });
    sockets[0]?.open();
    const frames = sockets[0]?.sent.map((f) => JSON.parse(f) as { event: string; data: Record<string, unknown> });
    expect(frames?.[0]).toEqual({ event: 'auth', data: { token: 'token-1' } });
    expect(frames?.[1]?.event).toBe('joinRoom');
    expect(frames?.[1]?.data).not.toHaveProperty('user_id');
    expect(frames?.[2]).toEqual({
      event: 'log',
      data: { type: 'play', message: '動画再生: greet.mp4', extra: { videoId: 'greet' }, character_id: 'demo-mirai' },
    });
    sink.close();
  });

  it('socketLogSink, server answers UNAUTHENTICATED, authenticates again with the current token', () => {
    const sockets: FakeSocket[] = [];
    let token = 'old';
    const sink = socketLogSink('ws://x/api/socketio/new', () => token, {
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sockets[0]?.open();
    token = 'fresh';
    sockets[0]?.onmessage?.({
      data: JSON.stringify({ event: 'error', data: { code: 'UNAUTHENTICATED', message: 'x' } }),
    });
    expect(JSON.parse(sockets[0]?.sent.at(-1) ?? '{}')).toEqual({ event: 'auth', data: { token: 'fresh' } });
    sink.close();
  });

  it('reconnectDelay, growing attempts, doubles from 1 s, moves ±50 % at random and never exceeds 5 s (the socket.io client back-off)', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1500);
    expect(reconnectDelay(1, () => 0.5)).toBe(2000);
    expect(reconnectDelay(2, () => 0.5)).toBe(4000);
    expect(reconnectDelay(2, () => 0)).toBe(2000);
    expect(reconnectDelay(2, () => 1)).toBe(5000);
    expect(reconnectDelay(10, () => 0)).toBe(5000);
    expect(reconnectDelay(5000, () => 0.5)).toBe(5000);
  });

  it('socketLogSink, the server keeps dropping the socket, reconnects after 1 s, 2 s, 4 s, then every 5 s without giving up, on a fake clock', () => {
    const { clock, advance } = fakeClock();
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x', () => null, {
      clock,
      random: () => 0.5,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    const waits = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000];

    for (const wait of waits) {
      const count = sockets.length;
      sockets.at(-1)?.drop();
      advance(wait - 1);
      expect(sockets).toHaveLength(count);
      advance(1);
      expect(sockets).toHaveLength(count + 1);
    }
    sink.close();
  });

  it('socketLogSink, the socket opens after a drop, starts the back-off again from 1 s', () => {
    const { clock, advance } = fakeClock();
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x', () => null, {
      clock,
      random: () => 0.5,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sockets[0]?.drop();
    advance(1000);
    sockets[1]?.drop();
    advance(2000);
    sockets[2]?.open();
    sockets[2]?.drop();

    advance(1000);

    expect(sockets).toHaveLength(4);
    sink.close();
  });

  it('socketLogSink, a connection not open after 20 s, is abandoned and retried once (not twice when its close arrives)', () => {
    const { clock, advance } = fakeClock();
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x', () => null, {
      clock,
      random: () => 0.5,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });

    advance(RECONNECT.connectTimeoutMs - 1);
    expect(sockets[0]?.closes).toBe(0);
    advance(1);
    expect(sockets[0]?.closes).toBe(1);
    sockets[0]?.onclose?.();
    advance(1000);

    expect(sockets).toHaveLength(2);
    sink.close();
  });

  it('socketLogSink, an opened connection, is not timed out later', () => {
    const { clock, advance, pending } = fakeClock();
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x', () => null, {
      clock,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sockets[0]?.open();

    advance(RECONNECT.connectTimeoutMs * 2);

    expect(sockets[0]?.closes).toBe(0);
    expect(pending()).toBe(0);
    sink.close();
  });

  it('socketLogSink, closed by the player, never reconnects', () => {
    const { clock, advance } = fakeClock();
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x', () => null, {
      clock,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sink.close();
    sockets[0]?.drop();

    advance(60_000);

    expect(sockets).toHaveLength(1);
  });

  it('socketLogSink, an error log, carries the device information of SPEC §7; other categories do not', () => {
    const sockets: FakeSocket[] = [];
    const device: DeviceInfo = deviceSample();
    const sink = socketLogSink('ws://x', () => null, {
      device: () => device,
      makeSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sockets[0]?.open();

    sink.log({
      category: 'error',
      message: '聞き取り動画が見つかりません。',
      extra: { blockId: 'b1' },
      characterId: 'c1',
    });
    sink.log({ category: 'play', message: '動画再生', extra: { videoId: 'v' }, characterId: 'c1' });

    const logs = sockets[0]?.sent
      .map((f) => JSON.parse(f) as { event: string; data: { extra: Record<string, unknown> } })
      .filter((f) => f.event === 'log');
    expect(logs?.[0]?.data.extra).toEqual({ blockId: 'b1', device });
    expect(logs?.[1]?.data.extra).toEqual({ videoId: 'v' });
    sink.close();
  });

  it('socketLogSink, an error log while the device is still being read, goes out once it is read and the logs after it keep their order', async () => {
    const device = deviceSample();
    let deviceRead: (info: DeviceInfo) => void = () => undefined;
    const { sink, logs } = openSink(
      () =>
        new Promise<DeviceInfo>((resolve) => {
          deviceRead = resolve;
        }),
    );

    sink.log({
      category: 'error',
      message: '聞き取り動画が見つかりません。',
      extra: { blockId: 'b1' },
      characterId: 'c1',
    });
    sink.log({ category: 'play', message: '動画再生', extra: { videoId: 'v' }, characterId: 'c1' });
    const beforeRead = logs().length;
    deviceRead(device);

    await vi.waitFor(() => expect(logs()).toHaveLength(2));
    expect(beforeRead).toBe(0);
    expect(logs().map((f) => f.data.extra)).toEqual([{ blockId: 'b1', device }, { videoId: 'v' }]);
    sink.close();
  });

  it('socketLogSink, an error log whose device cannot be read, still goes out, without the device', async () => {
    const { sink, logs } = openSink(() => Promise.reject(new Error('chunk not loaded: offline')));

    sink.log({ category: 'error', message: '動画が読み込めません。', extra: { videoId: 'v' }, characterId: 'c1' });

    await vi.waitFor(() => expect(logs()).toHaveLength(1));
    expect(logs()[0]?.data.extra).toEqual({ videoId: 'v' });
    sink.close();
  });

  it('socketLogSink, without a device reader given, reads the device of the browser with the first error log', async () => {
    const { sink, logs } = openSink(undefined);

    sink.log({ category: 'error', message: '動画が読み込めません。', extra: {}, characterId: 'c1' });

    await vi.waitFor(() => expect(logs()).toHaveLength(1));
    expect(logs()[0]?.data.extra).toEqual({ device: currentDeviceInfo() });
    sink.close();
  });

  it('socketUrl, https page, uses wss on the same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'talkwith.example' })).toBe('wss://talkwith.example/api/socketio/new');
  });
});

/** A sink on an opened fake socket; `logs()` reads the log frames sent so far. */
function openSink(device: DeviceReader | undefined) {
  const sockets: FakeSocket[] = [];
  const sink = socketLogSink('ws://x', () => null, {
    ...(device ? { device } : {}),
    makeSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s as unknown as WebSocket;
    },
  });
  sockets[0]?.open();
  const logs = () =>
    (sockets[0]?.sent ?? [])
      .map((f) => JSON.parse(f) as { event: string; data: { extra: Record<string, unknown> } })
      .filter((f) => f.event === 'log');
  return { sink, logs };
}

function deviceSample(): DeviceInfo {
  return {
    device_type: 'mobile',
    browser_name: 'Safari',
    browser_version: '17.4',
    engine: 'WebKit',
    os: 'iOS',
    os_version: '17.4',
    mobile_model: 'iPhone',
    mobile_vendor: 'Apple',
    is_mobile: true,
    is_tablet: false,
    is_desktop: false,
    is_ios: true,
    is_chrome: false,
    is_firefox: false,
    is_safari: true,
    is_opera: false,
    is_ie: false,
    is_edge: false,
    is_samsung: false,
  };
}

import { describe, expect, it } from 'vitest';
import { reconnectDelay, socketLogSink, socketUrl } from './logSink.ts';

class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  send(data: string) { this.sent.push(data); }
  close() { this.readyState = WebSocket.CLOSED; }
  open() { this.readyState = WebSocket.OPEN; this.onopen?.(); }
}

describe('log sink', () => {
  it('socketLogSink, logs before the socket opens, authenticates with the token, joins the room and sends the queued frames without a user_id', () => {
    const sockets: FakeSocket[] = [];
    const sink = socketLogSink('ws://x/api/socketio/new', () => 'token-1', () => { const s = new FakeSocket(); sockets.push(s); return s as unknown as WebSocket; });
    sink.log({ category: 'play', message: '動画再生: greet.mp4', extra: { videoId: 'greet' }, characterId: 'demo-mirai' });
    sockets[0]?.open();
    const frames = sockets[0]?.sent.map((f) => JSON.parse(f) as { event: string; data: Record<string, unknown> });
    expect(frames?.[0]).toEqual({ event: 'auth', data: { token: 'token-1' } });
    expect(frames?.[1]?.event).toBe('joinRoom');
    expect(frames?.[1]?.data).not.toHaveProperty('user_id');
    expect(frames?.[2]).toEqual({ event: 'log', data: { type: 'play', message: '動画再生: greet.mp4', extra: { videoId: 'greet' }, character_id: 'demo-mirai' } });
    sink.close();
  });

  it('socketLogSink, server answers UNAUTHENTICATED, authenticates again with the current token', () => {
    const sockets: FakeSocket[] = [];
    let token = 'old';
    const sink = socketLogSink('ws://x/api/socketio/new', () => token, () => { const s = new FakeSocket(); sockets.push(s); return s as unknown as WebSocket; });
    sockets[0]?.open();
    token = 'fresh';
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'error', data: { code: 'UNAUTHENTICATED', message: 'x' } }) });
    expect(JSON.parse(sockets[0]?.sent.at(-1) ?? '{}')).toEqual({ event: 'auth', data: { token: 'fresh' } });
    sink.close();
  });

  it('reconnectDelay, growing attempts, stays within 1 s–5 s ±50 %', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(10, () => 0.5)).toBe(5000);
    expect(reconnectDelay(10, () => 0)).toBe(2500);
    expect(reconnectDelay(10, () => 1)).toBe(7500);
  });

  it('socketUrl, https page, uses wss on the same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'talkwith.example' })).toBe('wss://talkwith.example/api/socketio/new');
  });
});

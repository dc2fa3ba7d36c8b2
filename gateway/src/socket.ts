import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { Value } from '@sinclair/typebox/value';
import { ClientFrame, type ServerFrame } from '@talkwith/proto';
import type { Eventing } from '@talkwith/platform';

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function parseFrame(raw: string): ClientFrame | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'frame is not JSON';
  }
  if (Value.Check(ClientFrame, value)) return value;
  const first = Value.Errors(ClientFrame, value).First();
  return first ? `invalid frame at ${first.path || '/'}: ${first.message}` : 'invalid frame';
}

async function handleFrame(socket: WebSocket, frame: ClientFrame, events: Eventing): Promise<void> {
  if (frame.event === 'joinRoom') {
    send(socket, { event: 'joined', data: { id: frame.data.id } });
    return;
  }
  const { user_id, type, extra, character_id, message } = frame.data;
  const event = await events.publish('client.logged', user_id, {
    user_id, type,
    ...(extra === undefined ? {} : { extra }),
    ...(character_id === undefined ? {} : { character_id }),
    ...(message === undefined ? {} : { message }),
  });
  send(socket, { event: 'logged', data: { id: event.id } });
}

/**
 * The real-time socket of SPEC.md §7. A connection holds no state of its own
 * (the client repeats user_id on every frame) and every listener is shared,
 * so an idle socket costs only what ws needs. `log` frames go to the logging
 * service as client.logged.
 */
export async function socketRoutes(app: FastifyInstance, options: { events: Eventing }): Promise<void> {
  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const frame = isBinary ? 'binary frames are not accepted' : parseFrame(raw.toString());
    if (typeof frame === 'string') {
      send(this, { event: 'error', data: { code: 'VALIDATION_FAILED', message: frame } });
      return;
    }
    handleFrame(this, frame, options.events).catch((err: unknown) => {
      app.log.error({ err }, 'socket frame failed');
      send(this, { event: 'error', data: { code: 'INTERNAL', message: 'サーバーエラーが発生しました' } });
    });
  }
  function onError(this: WebSocket, err: Error): void {
    app.log.debug({ err }, 'socket error');
    this.terminate();
  }
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/socketio/new', { websocket: true, schema: { tags: ['realtime'], summary: 'WebSocket: joinRoom and log frames ({event, data} JSON)' } }, (socket, request) => {
    // Memory per idle socket is budgeted (≤ 12 KiB). The upgrade's Fastify
    // request and reply would otherwise live as long as the socket: the TCP
    // socket still points at the upgrade's ServerResponse (_httpMessage), and
    // @fastify/websocket's error listener closes over both. Drop both links.
    (request.raw.socket as unknown as { _httpMessage: unknown })._httpMessage = null;
    socket.removeAllListeners('error');
    socket.on('error', onError);
    socket.on('message', onMessage);
  });
}

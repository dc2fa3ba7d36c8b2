import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
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
 * (the client repeats user_id on every frame), so an idle socket costs only
 * what ws needs. `log` frames go to the logging service as client.logged.
 */
export async function socketRoutes(app: FastifyInstance, options: { events: Eventing }): Promise<void> {
  app.get('/api/socketio/new', { websocket: true, schema: { tags: ['realtime'], summary: 'WebSocket: joinRoom and log frames ({event, data} JSON)' } }, (socket) => {
    socket.on('message', (raw, isBinary) => {
      const frame = isBinary ? 'binary frames are not accepted' : parseFrame(raw.toString());
      if (typeof frame === 'string') {
        send(socket, { event: 'error', data: { code: 'VALIDATION_FAILED', message: frame } });
        return;
      }
      handleFrame(socket, frame, options.events).catch((err: unknown) => {
        app.log.error({ err }, 'socket frame failed');
        send(socket, { event: 'error', data: { code: 'INTERNAL', message: 'サーバーエラーが発生しました' } });
      });
    });
  });
}

import { createServer } from 'node:http';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import { sessionIsCurrent } from '@talkwith/platform/http';
import { trackOpenSocket } from '@talkwith/platform/metrics';
import { STT_MAX_FRAME_BYTES, STT_PATH, type SttServerFrame } from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { loadRecognition, openedKey } from '../recognition/characters.ts';
import type { SttConfig } from './config.ts';
import { SttConnection, type SttContext } from './connection.ts';
import { googleSpeechToText } from './google.ts';
import { unavailableSpeechToText } from './port.ts';

const minute = 60_000;

/**
 * The WebSocket plugin for this scope. Run alone (distributed mode, tests) it
 * listens for upgrades on the service's server. Mounted in the standalone
 * gateway, the gateway's own @fastify/websocket already listens and routes
 * every upgrade through the one Fastify router (to this route too); a second
 * listener would route each upgrade twice, so this one listens on a server
 * that never starts and only upgrades the requests routed to its routes.
 */
async function registerWebSocket(app: FastifyInstance): Promise<void> {
  const shared = app.server.listenerCount('upgrade') > 0;
  await app.register(websocket, {
    options: {
      maxPayload: STT_MAX_FRAME_BYTES,
      perMessageDeflate: false,
      ...(shared ? { server: createServer() } : {}),
    },
  });
}

export function sttContext(
  app: FastifyInstance,
  platform: Platform,
  limits: SttConfig,
  credentials: CredentialCipher,
): SttContext {
  return {
    limits,
    authenticate: async (token) => {
      let claims: { sub?: unknown; sv?: unknown };
      try {
        claims = app.jwt.verify(token);
      } catch {
        return null;
      }
      if (typeof claims.sub !== 'string' || claims.sub === '') return null;
      return (await sessionIsCurrent(platform.cache, { sub: claims.sub, sv: claims.sv })) ? claims.sub : null;
    },
    recognizerFor: async (characterId) => {
      const character = await loadRecognition(platform.store, characterId);
      if (!character) return null;
      const key = openedKey(credentials, platform.logger, characterId, 'google_key', character.recognition.google_key);
      return key === ''
        ? unavailableSpeechToText
        : googleSpeechToText({ baseUrl: limits.GOOGLE_STT_URL, apiKey: key, timeoutMs: limits.STT_TIMEOUT_MS });
    },
    allowStart: async (userId) =>
      (await platform.cache.incr(`stt:starts:${userId}`, minute)) <= limits.STT_STREAMS_PER_MINUTE,
    warn: (details, message) => platform.logger.warn(details, message),
    now: () => Date.now(),
  };
}

function attach(socket: WebSocket, context: SttContext): void {
  const connection = new SttConnection(context, {
    send: (frame: SttServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    },
    close: (code, reason) => socket.close(code, reason),
  });
  socket.on('message', (data, isBinary) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    if (isBinary) connection.onBinary(bytes);
    else connection.onText(bytes.toString('utf8'));
  });
  socket.on('close', () => connection.onClose());
  socket.once('close', trackOpenSocket('stt'));
}

/** GET /api/dialogue/stt (WebSocket): the server speech-to-text stream (API.md § Speech-to-text). */
export async function sttRoutes(
  app: FastifyInstance,
  { platform, limits, credentials }: Pick<DialogueDeps, 'platform' | 'credentials'> & { limits: SttConfig },
): Promise<void> {
  await registerWebSocket(app);
  const context = sttContext(app, platform, limits, credentials);
  app.get(
    STT_PATH,
    {
      websocket: true,
      schema: {
        tags: ['dialogue'],
        summary:
          'WebSocket: server speech-to-text (start/stop JSON frames, binary audio frames; interim and final results back)',
      },
    },
    (socket) => attach(socket, context),
  );
}

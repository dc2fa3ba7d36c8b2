import { STT_PATH, type SttServerFrame } from '@talkwith/proto/dialogue';
import {
  browserMicrophone,
  browserRecorder,
  FORMATS,
  sttLanguageOf,
  type RecorderConstructor,
  type RecorderLike,
} from './serverSpeechSupport.ts';
import type { SpeechEvents, SpeechPort } from './ports.ts';
import { micOutcomeOfError } from '../../app/speechCapability.ts';

export type { RecorderConstructor, RecorderLike } from './serverSpeechSupport.ts';

/** The parts of a WebSocket the server speech uses (injectable for tests). */
export interface SttSocketLike {
  readonly readyState: number;
  send(data: string | Blob): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface ServerSpeechOptions {
  characterId: string;
  /** The subtitle language (recognition follows it); anything not offered is Japanese. */
  language?: string;
  /** The current access token (the server's stream belongs to its user); null when signed out. */
  getToken(): string | null;
  url?: string;
  makeSocket?: (url: string) => SttSocketLike;
  getUserMedia?: () => Promise<MediaStream>;
  Recorder?: RecorderConstructor | null;
  /** How often the recorder hands a chunk over (ms). */
  timesliceMs?: number;
}

const MAX_RESTARTS_PER_10S = 5;
const OPEN = 1;

export { sttLanguageOf };

function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${STT_PATH}`;
}

function parse(data: unknown): SttServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as SttServerFrame;
  } catch {
    return null;
  }
}

/**
 * Speech recognised on the server (services/dialogue/API.md § Speech-to-text):
 * the microphone is recorded with MediaRecorder (Opus) and streamed to the
 * dialogue service's socket; interim results become nods, a final result
 * goes to the engine. Each utterance is one stream (a new recording, so its
 * audio starts with its container header). Null when the browser cannot
 * record Opus or has no microphone API (the text input remains).
 */
export function createServerSpeech(events: SpeechEvents, options: ServerSpeechOptions): SpeechPort | null {
  const Recorder = options.Recorder === undefined ? browserRecorder() : options.Recorder;
  const getUserMedia = options.getUserMedia ?? browserMicrophone();
  const format = Recorder ? FORMATS.find((f) => Recorder.isTypeSupported(f.mimeType)) : undefined;
  if (!Recorder || !getUserMedia || !format) return null;
  const makeSocket = options.makeSocket ?? ((url: string) => new WebSocket(url) as unknown as SttSocketLike);
  const timeslice = options.timesliceMs ?? 250;
  let wanted = false;
  let socket: SttSocketLike | null = null;
  let microphone: MediaStream | null = null;
  let recorder: RecorderLike | null = null;
  let restarts: number[] = [];
  /** Streams stopped by stop() whose final result is still to come: it is not delivered, and a new stream waits for it. */
  let stale = 0;

  const giveUp = (reason: string) => {
    if (!wanted) return;
    wanted = false;
    stopRecording(false);
    events.unavailable(reason);
  };

  /** Ends the recording; `tellServer` tells the server once the last chunk is sent (it answers the final result). */
  function stopRecording(tellServer: boolean): void {
    const current = recorder;
    recorder = null;
    if (!current) return;
    if (tellServer) stale += 1;
    current.onstop = () => {
      if (tellServer && socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'stop' }));
    };
    if (current.state !== 'inactive') current.stop();
  }

  function beginStream(): void {
    const token = options.getToken();
    if (!token) return giveUp('signed-out');
    if (!socket || socket.readyState !== OPEN || !microphone || stale > 0) return;
    socket.send(
      JSON.stringify({
        type: 'start',
        token,
        character_id: options.characterId,
        language: sttLanguageOf(options.language),
        encoding: format!.encoding,
        sample_rate_hertz: 48000,
      }),
    );
  }

  function record(): void {
    if (!wanted || !microphone || recorder) return;
    const next = new Recorder!(microphone, { mimeType: format!.mimeType });
    next.ondataavailable = (event) => {
      if (event.data.size > 0 && socket?.readyState === OPEN) socket.send(event.data);
    };
    recorder = next;
    next.start(timeslice);
  }

  /** After a final or a failed stream: listen again, unless it keeps failing. */
  function again(): void {
    if (!wanted) return;
    const now = Date.now();
    restarts = [...restarts.filter((t) => now - t < 10_000), now];
    if (restarts.length > MAX_RESTARTS_PER_10S) return giveUp('restart-loop');
    beginStream();
  }

  function sendStop(): void {
    stale += 1;
    if (socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'stop' }));
  }

  function onFrame(frame: SttServerFrame): void {
    if ((frame.type === 'final' || frame.type === 'failed') && stale > 0) {
      stale -= 1;
      if (stale === 0 && wanted && !recorder) beginStream();
      return;
    }
    // A stream that became ready after stop(): end it at once.
    if (frame.type === 'ready' && !wanted) return sendStop();
    if (!wanted) return;
    switch (frame.type) {
      case 'ready':
        return record();
      case 'interim':
        return frame.text ? events.interim(frame.text) : undefined;
      case 'final':
        stopRecording(false);
        if (frame.text) {
          restarts = [];
          events.final(frame.text);
        }
        return again();
      case 'failed':
        stopRecording(false);
        return again();
      case 'unavailable':
        return giveUp(frame.code);
      case 'error':
        return frame.code === 'STREAM_ACTIVE' ? undefined : giveUp(frame.code);
    }
  }

  function connect(): void {
    if (socket) return;
    const opened = makeSocket(options.url ?? defaultUrl());
    socket = opened;
    opened.onopen = () => beginStream();
    opened.onmessage = (event) => {
      const frame = parse(event.data);
      if (frame) onFrame(frame);
    };
    opened.onclose = () => {
      if (socket === opened) socket = null;
      stale = 0;
      giveUp('socket-closed');
    };
  }

  function openMicrophone(): void {
    if (microphone) return beginStream();
    getUserMedia!().then(
      (stream) => {
        microphone = stream;
        if (wanted) beginStream();
        else stream.getTracks().forEach((t) => t.stop());
        if (!wanted) microphone = null;
      },
      // Named as /check and /mic_test name it: denied, missing, or unavailable (e.g. held by another app).
      (error: unknown) => giveUp(micOutcomeOfError(error)),
    );
  }

  return {
    start() {
      if (wanted) return;
      wanted = true;
      restarts = [];
      connect();
      openMicrophone();
    },
    // Like the browser recogniser's abort: what the server still answers is not delivered.
    stop() {
      wanted = false;
      stopRecording(true);
    },
    dispose() {
      wanted = false;
      stopRecording(false);
      microphone?.getTracks().forEach((t) => t.stop());
      microphone = null;
      const closing = socket;
      socket = null;
      closing?.close(1000, 'disposed');
    },
  };
}

import type { EngineCommand, EngineInput } from '@talkwith/proto/dialogue';
import { step } from './engine.ts';
import type { EngineState } from './state.ts';

/**
 * Test helpers: a driver that feeds inputs at increasing times and a compact,
 * exact rendering of commands ("play:B:greet", "timer:silence:8000", ...).
 */
export function render(c: EngineCommand): string {
  switch (c.type) {
    case 'playVideo':
      return `play:${c.slot}:${c.videoId}${c.loop ? `:loop${c.loopCount}` : ''}${c.notifyAtMs !== null ? `@${c.notifyAtMs}` : ''}`;
    case 'preloadVideo':
      return `preload:${c.slot}:${c.videoId}`;
    case 'showSubtitles':
      return `subs:${c.name}`;
    case 'micOn':
      return `micOn:${c.delayMs}`;
    case 'startTimer':
      return `timer:${c.timer}:${c.ms}`;
    case 'cancelTimer':
      return `cancel:${c.timer}`;
    case 'showStartButtons':
      return `startButtons:${c.buttons.map((b) => b.id).join(',')}`;
    case 'showActionButtons':
      return `actionButtons:${c.buttons.map((b) => b.id).join(',')}`;
    case 'showRecognitionText':
      return `text:${c.final ? 'final' : 'interim'}:${c.text}`;
    case 'showPreviousSpeech':
      return `previous:${c.text}`;
    case 'requestSearch':
      return `search:${c.requestId}:${c.index}:${c.candidates.join(',')}:${c.text}`;
    case 'requestScore':
      return `score:${c.requestId}:${c.category}:${c.text}`;
    case 'requestUnderstand':
      return `understand:${c.requestId}:${c.text}`;
    case 'fillSlot':
      return `slot:${c.name}=${c.value}`;
    case 'showSummary':
      return `summary:${c.items.map((i) => `${i.slot}=${i.value}`).join(',')}`;
    case 'trackStep':
      return `track:${c.blockId}:${c.utterance}`;
    case 'unmatched':
      return `unmatched:${c.reason}:${c.blockId}:${c.text}`;
    case 'log':
      return `log:${c.category}${typeof c.extra.code === 'string' ? `:${c.extra.code}` : ''}`;
    case 'end':
      return `end:${c.reason}:${c.totalBilledTime}`;
    default:
      return c.type;
  }
}

export class Driver {
  state: EngineState;
  now: number;
  readonly all: EngineCommand[] = [];

  constructor(state: EngineState, now = 0) {
    this.state = state;
    this.now = now;
  }

  /** Feeds one input `advanceMs` after the previous one; returns the commands rendered, logs of category play/speech left out. */
  send(input: EngineInput, advanceMs = 100): string[] {
    this.now += advanceMs;
    const result = step(this.state, input, this.now);
    this.state = result.state;
    this.all.push(...result.commands);
    // Unmatched reports are left out too (acceptance-insight.test.ts reads them from `all`).
    return result.commands
      .map(render)
      .filter((r) => r !== 'log:play' && r !== 'log:speech' && !r.startsWith('subs:') && !r.startsWith('unmatched:'));
  }

  /** The current video finished (the player's report). */
  ended(advanceMs = 100): string[] {
    const cur = this.state.rt.current;
    if (!cur) throw new Error('no current video');
    return this.send({ type: 'videoEnded', slot: cur.slot, videoId: cur.videoId }, advanceMs);
  }

  say(text: string, advanceMs = 100): string[] {
    return this.send({ type: 'speechFinal', text }, advanceMs);
  }

  fire(timer: 'silence' | 'recognition' | 'hitWordDelay', advanceMs = 100): string[] {
    return this.send({ type: 'timerFired', timer }, advanceMs);
  }
}

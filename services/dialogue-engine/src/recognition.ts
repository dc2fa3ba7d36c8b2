import type { Block, StepVia } from '@talkwith/proto/dialogue';
import { currentBlock, emit, log, pick, setLeadingMatch, type Ctx } from './context.ts';
import { cancelTimer, startTimer, stopListening } from './devices.ts';
import { endConversation, leaveTo, pickBlock } from './flow.ts';
import { onInvalid } from './invalid.ts';
import { openMic } from './listen.ts';
import type { WordFound } from './hit-words.ts';
import { fillSlot } from './memory.ts';
import { normalizeJapanese } from './normalize.ts';
import { playVideo } from './playback.ts';
import { decide, type Decision } from './routes.ts';
import { resetSilenceCount } from './silence.ts';
import { reportUnmatched } from './unmatched.ts';

function hearing(ctx: Ctx): Block | undefined {
  const rt = ctx.rt;
  if (!rt.micOpen || rt.paused || (rt.phase !== 'listening' && rt.phase !== 'trigger')) return undefined;
  return currentBlock(ctx);
}

/** Interim speech: the user has started talking — stop the silence clock, start max_recognition_time, nod once. */
export function onInterim(ctx: Ctx, text: string): void {
  const b = hearing(ctx);
  if (!b) return;
  const rt = ctx.rt;
  if (!rt.utterance) {
    rt.utterance = { interim: '', nodded: false };
    resetSilenceCount(ctx);
    cancelTimer(ctx, 'silence');
    if (b.max_recognition_time > 0) startTimer(ctx, 'recognition', b.max_recognition_time * 1000);
  }
  rt.utterance.interim = text;
  if (!rt.utterance.nodded && rt.phase === 'listening') {
    const nod = pick(ctx, b.nod_video_ids);
    if (nod && playVideo(ctx, nod, { kind: 'listenLoop' })) rt.utterance.nodded = true;
  }
  if (ctx.state.character.setting.show_recognition_text) emit(ctx, { type: 'showRecognitionText', text, final: false });
}

/** max_recognition_time reached: what was heard so far is the utterance. */
export function onRecognitionTimeout(ctx: Ctx): void {
  const heard = ctx.rt.utterance?.interim;
  if (heard !== undefined) onFinal(ctx, heard);
}

export function onFinal(ctx: Ctx, text: string): void {
  const b = hearing(ctx);
  if (!b) return;
  const normalized = normalizeJapanese(text);
  stopListening(ctx);
  if (normalized === '') {
    openMic(ctx, b);
    return;
  }
  const rt = ctx.rt;
  resetSilenceCount(ctx);
  rt.session.blockText = text;
  rt.previousSpeech = text;
  rt.leadingUtterance = text;
  setLeadingMatch(ctx, null);
  log(ctx, 'speech', `認識結果: ${text}`, { blockId: b.id, text });
  if (ctx.state.character.setting.show_recognition_text) emit(ctx, { type: 'showRecognitionText', text, final: true });
  rt.phase = 'listening';
  follow(ctx, b, decide(ctx, b, text), text);
}

/** Carries out a routing decision for the final utterance `text`. */
export function follow(ctx: Ctx, b: Block, decision: Decision, text: string): void {
  switch (decision.kind) {
    case 'block':
      if (decision.slot) fillSlot(ctx, decision.slot.name, decision.slot.value || text);
      leadByWord(ctx, decision.match);
      leaveTo(ctx, decision.blockId, decision.via);
      return;
    case 'valid':
      leadByWord(ctx, decision.match);
      acceptValid(ctx, b, text, 'valid');
      return;
    case 'search':
    case 'score':
    case 'understand':
      request(ctx, decision, text);
      return;
    case 'notHit': {
      const next = pickBlock(ctx, decision.blockIds);
      if (next) {
        leaveTo(ctx, next, 'notHit');
        return;
      }
      reportUnmatched(ctx, b, 'invalid');
      onInvalid(ctx, b);
      return;
    }
    case 'invalid':
      reportUnmatched(ctx, b, 'invalid');
      onInvalid(ctx, b);
  }
}

/** The hit word that routed the utterance: how it was found, the word and the synonym said for it. */
function leadByWord(ctx: Ctx, found: WordFound | undefined): void {
  if (!found) return setLeadingMatch(ctx, null);
  setLeadingMatch(ctx, found.via, {
    word: found.word,
    ...(found.synonym !== undefined ? { synonym: found.synonym } : {}),
  });
}

/** A valid response without its own route: fill slot_name, go to listen_next_block (else play_final_block, else end). */
export function acceptValid(ctx: Ctx, b: Block, text: string, via: StepVia): void {
  if (b.slot_name) fillSlot(ctx, b.slot_name, text);
  const next = pickBlock(ctx, b.listen_next_block.length > 0 ? b.listen_next_block : b.play_final_block);
  if (next) leaveTo(ctx, next, via);
  else endConversation(ctx, 'completed');
}

type Request = { kind: 'search'; candidates: string[] } | { kind: 'score'; category: string } | { kind: 'understand' };

function request(ctx: Ctx, decision: Request, text: string): void {
  const rt = ctx.rt;
  rt.requestSeq += 1;
  const requestId = `r${rt.requestSeq}`;
  rt.pendingRequest = { id: requestId, kind: decision.kind };
  rt.phase = 'waiting';
  if (decision.kind === 'search') {
    const index = ctx.state.character.setting.es_index_name;
    emit(ctx, { type: 'requestSearch', requestId, text, index, candidates: decision.candidates });
  } else if (decision.kind === 'score') {
    emit(ctx, { type: 'requestScore', requestId, text, category: decision.category });
  } else {
    emit(ctx, { type: 'requestUnderstand', requestId, text });
  }
}

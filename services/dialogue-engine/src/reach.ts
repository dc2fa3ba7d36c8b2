import type { Block } from '@talkwith/proto/dialogue';
import type { EngineState } from './state.ts';
import { listenVideoIds } from './listen.ts';
import { blockListens } from './routes.ts';

/**
 * The clips the engine may play next from this state, most likely first.
 * The player keeps these decoded ahead of time so that whatever the user
 * says, the switch finds its clip ready. A hint, not a promise: it errs on
 * the side of listing a clip that will not play (random draws, ladders).
 */
export function reachableVideos(state: EngineState): string[] {
  const out = new Set<string>();
  const { index, character, rt } = state;
  const add = (id: string | null | undefined) => {
    if (id && index.videos.has(id)) out.add(id);
  };
  const blockOf = (id: string | null | undefined) => (id ? index.blocks.get(id) : undefined);
  const enter = (id: string | null | undefined, redirects = true) => {
    const target = blockOf(id);
    if (!target) return;
    // Entering a block may lead elsewhere first: a random draw, a kikiwasure question, a replacement.
    if (target.random_count > 0) for (const clip of character.random.trigger_videos) add(clip);
    if (redirects && target.kikiwasure_mode) {
      for (const entry of character.kikiwasure)
        if (!rt.slotValues[entry.slot] && !rt.kikiwasureAsked.includes(entry.slot)) enter(entry.block_id, false);
    }
    if (!target.play_again && rt.played.includes(target.id)) {
      for (const clip of [...target.replacement_video_ids, ...character.replacement.video_ids]) add(clip);
      if (redirects)
        for (const other of [...target.replacement_block_ids, ...character.replacement.block_ids]) enter(other, false);
    }
    add(target.trigger_video_id);
  };
  const b = blockOf(rt.blockId);

  if (rt.phase === 'standby' || rt.phase === 'ended' || !b) {
    const buttons = character.startButtons;
    const first = buttons.find((s) => s.id === character.setting.default_start_button_id);
    for (const button of first ? [first, ...buttons] : buttons) enter(button.block_id);
    add(character.setting.standby_video_id);
    return [...out];
  }
  if (rt.phase === 'leaving' && rt.leavingTo) {
    for (const id of b.skip_video_ids) add(id);
    enter(rt.leavingTo);
  }
  afterCurrent(b, state, add, enter);
  if (blockListens(b)) whileListening(b, state, add, enter);
  for (const button of b.action_buttons) {
    add(button.video_id);
    enter(button.block_id);
  }
  add(character.setting.standby_video_id);
  return [...out];
}

type Add = (id: string | null | undefined) => void;

/** What follows the clip now playing: the next listen loop, or the next block's trigger. */
function afterCurrent(b: Block, state: EngineState, add: Add, enter: Add): void {
  if (blockListens(b)) {
    const ids = listenVideoIds(state, b);
    if (ids.length > 0) add(ids[state.rt.session.listenVideoOrder % ids.length]);
    return;
  }
  for (const id of b.play_final_block) enter(id);
}

/** The answers to what the user may say: hit-word targets, then the ladders for not understood and silence. */
function whileListening(b: Block, state: EngineState, add: Add, enter: Add): void {
  if (!b.play_now) for (const id of b.skip_video_ids) add(id);
  for (const id of b.force_blocks) enter(id);
  for (const hit of b.hit_words) enter(hit.block_id);
  for (const id of [...b.listen_next_block, ...b.not_hitword_blocks]) enter(id);
  for (const id of b.nod_video_ids) add(id);
  const invalid = b.invalid_response_video_ids;
  add(invalid[Math.min(state.rt.invalidCount, invalid.length - 1)] ?? b.invalid_video_id);
  add(b.invalid_final_video_id);
  const silence = b.silence_video_ids;
  add(silence[Math.min(state.rt.silenceCount, silence.length - 1)] ?? b.silence_video_id);
  for (const id of [...b.invalid_final_block, ...b.silence_final_blocks, b.silence_final_block_id]) enter(id);
  for (const id of b.spj_empty_videos) add(id);
  add(b.spj_out_video_id);
  for (const id of listenVideoIds(state, b)) add(id);
}

import type { Block, PublicCharacter } from '@talkwith/proto/dialogue';
import { blockBlockReferences, blockVideoReferences } from '@talkwith/dialogue-engine';
import { withoutReferences } from '../authoring/references.ts';

/**
 * The store page of a priced character for a caller who may not play it
 * (API.md § Serving a character): its fields, price, setting and start
 * buttons, the standby clip and the mic-test block with the clips it names
 * (and the listen series it falls back to). No other block, no other clip,
 * nothing of the character-level lists.
 */
export function previewOf(dialogue: PublicCharacter): PublicCharacter {
  const micTest = dialogue.blocks.find((b) => b.id === dialogue.setting.for_mic_test);
  const blocks = micTest ? [alone(micTest)] : [];
  const wanted = new Set<string>();
  if (dialogue.setting.standby_video_id) wanted.add(dialogue.setting.standby_video_id);
  for (const block of blocks) for (const ref of blockVideoReferences(block)) wanted.add(ref.id);
  const prefix = dialogue.setting.listen_video_prefix;
  const listensBySeries = blocks.some((b) => b.listen_video_ids.length === 0) && prefix !== '';
  const videos = dialogue.videos.filter((v) => wanted.has(v.id) || (listensBySeries && v.title.startsWith(prefix)));
  return {
    ...dialogue,
    videos,
    blocks,
    setting: { ...dialogue.setting, for_mic_test: micTest ? micTest.id : null },
    slots: [],
    summary: { title: dialogue.summary.title, slot_names: [] },
    kikiwasure: [],
    replacement: { video_ids: [], block_ids: [] },
    random: { count: 0, final_block_id: null, trigger_videos: [], end_blocks: [] },
    conversations: [],
  };
}

/** The mic-test block without its ways into other blocks (they are not in the preview); a way back into itself stays. */
function alone(block: Block): Block {
  const blockFields = new Set(blockBlockReferences(block).map((ref) => ref.field));
  return withoutReferences(block, (ref) => blockFields.has(ref.field) && ref.id !== block.id);
}

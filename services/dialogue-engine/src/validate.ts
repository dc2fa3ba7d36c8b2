import { googleKeyConfigured, type Block, type PublicCharacter as Character } from '@talkwith/proto/dialogue';
import { intakeCharacter } from './intake.ts';
import { Messages, type MessageCode } from './messages.ts';
import { blockListens } from './routes.ts';
import { fieldInWords } from './field-words.ts';
import { graphFaults } from './graph-faults.ts';

/**
 * One problem: the catalogue message (followed by the missing id in （）for a dangling reference,
 * then where it is in words: the block by its title and the field, 「— ブロック「あいさつ」の「ヒットワード 1 件目の遷移先」」),
 * the block that holds it (none for the character's own settings and lists), the video concerned,
 * and for a dangling reference the id that does not exist.
 */
export interface ValidationProblem {
  code: MessageCode;
  message: string;
  blockId?: string;
  videoId?: string;
  targetId?: string;
}

interface Where {
  blockId?: string;
  videoId?: string;
  targetId?: string;
  field?: string;
}
type Report = (code: MessageCode, where?: Where) => void;

const MAX_LISTED_PATHS = 5;

interface Lookup {
  videos: Set<string>;
  blocks: Set<string>;
}

/**
 * Every configuration problem of SPEC.md §8 found before publishing, with the Japanese message and where it is.
 * Never throws: malformed data is reported (CHARACTER_DATA_INVALID) and the rest checked as the engine would read it.
 */
export function validateCharacter(input: Character): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const { character, issues } = intakeCharacter(input);
  const titles = new Map(character.blocks.map((b) => [b.id, b.title || b.id]));
  const report: Report = (code, { field, ...where } = {}) => {
    const base = where.targetId === undefined ? Messages[code] : `${Messages[code]}（${where.targetId}）`;
    problems.push({
      code,
      message: base + placeInWords(where.blockId === undefined ? undefined : titles.get(where.blockId), field),
      ...where,
    });
  };
  if (issues.length > 0) {
    const listed = issues.slice(0, MAX_LISTED_PATHS).join('、') + (issues.length > MAX_LISTED_PATHS ? '…' : '');
    problems.push({ code: 'CHARACTER_DATA_INVALID', message: `${Messages.CHARACTER_DATA_INVALID}（${listed}）` });
  }
  const lookup: Lookup = {
    videos: new Set(character.videos.map((v) => v.id)),
    blocks: new Set(character.blocks.map((b) => b.id)),
  };
  checkCharacterLevel(character, lookup, report);
  for (const b of character.blocks) checkBlock(character, b, lookup, report);
  for (const blockId of silentLoops(character)) report('BLOCK_LOOP', { blockId });
  for (const fault of graphFaults(character)) report(fault.code, { blockId: fault.blockId });
  return problems;
}

/** 「 — ブロック「あいさつ」の「ヒットワード 1 件目の遷移先」」: where a problem is, as the operator names it (never a field path). */
function placeInWords(blockTitle: string | undefined, field: string | undefined): string {
  if (blockTitle === undefined) return '';
  return field === undefined
    ? ` — ブロック「${blockTitle}」`
    : ` — ブロック「${blockTitle}」の「${fieldInWords(field)}」`;
}

function checkCharacterLevel(c: Character, lookup: Lookup, report: Report): void {
  const s = c.setting;
  if (!s.standby_video_id) report('NO_STANDBY_VIDEO');
  else if (!lookup.videos.has(s.standby_video_id))
    report('NO_STANDBY_VIDEO', { videoId: s.standby_video_id, targetId: s.standby_video_id });
  if (!c.startButtons.some((b) => b.id === s.default_start_button_id)) report('NO_DEFAULT_START_BUTTON');
  if (!s.use_web_speech_api && !googleKeyConfigured(s)) report('INVALID_GOOGLE_KEY');
  // The character's own references: no block holds them, so none is named (a link to the missing one would lead nowhere).
  for (const button of c.startButtons)
    if (!lookup.blocks.has(button.block_id)) report('START_BUTTON_BLOCK_MISSING', { targetId: button.block_id });
  if (s.for_mic_test && !lookup.blocks.has(s.for_mic_test)) report('BLOCK_NOT_FOUND', { targetId: s.for_mic_test });
  for (const id of [...c.random.trigger_videos, ...c.replacement.video_ids])
    if (!lookup.videos.has(id)) report('VIDEO_NOT_FOUND', { videoId: id, targetId: id });
  for (const id of [...c.random.end_blocks, ...c.replacement.block_ids, ...c.kikiwasure.map((k) => k.block_id)]) {
    if (!lookup.blocks.has(id)) report('BLOCK_NOT_FOUND', { targetId: id });
  }
  if (c.random.final_block_id && !lookup.blocks.has(c.random.final_block_id))
    report('RANDOM_END_BLOCK_MISSING', { targetId: c.random.final_block_id });
}

/** One id a block refers to, and the field that holds it (an action button's as `action_buttons[i].block_id`). */
export interface BlockReference {
  field: string;
  id: string;
}

type Field = keyof Block;
const VIDEO_ID_FIELDS: Field[] = [
  'trigger_video_id',
  'spj_out_video_id',
  'invalid_video_id',
  'invalid_final_video_id',
  'silence_video_id',
];
const VIDEO_LIST_FIELDS: Field[] = [
  'listen_video_ids',
  'nod_video_ids',
  'skip_video_ids',
  'spj_empty_videos',
  'invalid_response_video_ids',
  'silence_video_ids',
  'replacement_video_ids',
];
const BLOCK_ID_FIELDS: Field[] = ['spj_out_block_id', 'silence_final_block_id', 'random_end_block_id'];
const BLOCK_LIST_FIELDS: Field[] = [
  'valid_response_ids',
  'listen_next_block',
  'force_blocks',
  'not_hitword_blocks',
  'spj_empty_blocks',
  'invalid_final_block',
  'silence_final_blocks',
  'play_final_block',
  'replacement_block_ids',
];

function collect(b: Block, single: Field[], lists: Field[]): BlockReference[] {
  const refs: BlockReference[] = [];
  for (const field of single) if (typeof b[field] === 'string') refs.push({ field, id: b[field] as string });
  for (const field of lists) for (const id of b[field] as string[]) refs.push({ field, id });
  return refs;
}

/** Every video a block names, with its field (what validation checks and authoring keeps from dangling). */
export function blockVideoReferences(b: Block): BlockReference[] {
  const buttons = b.action_buttons.flatMap((a, i) =>
    a.kind === 'video' && a.video_id ? [{ field: `action_buttons[${i}].video_id`, id: a.video_id }] : [],
  );
  return [...collect(b, VIDEO_ID_FIELDS, VIDEO_LIST_FIELDS), ...buttons];
}

/** Every block a block names, with its field. */
export function blockBlockReferences(b: Block): BlockReference[] {
  const hits = b.hit_words.map((h, i) => ({ field: `hit_words[${i}].block_id`, id: h.block_id }));
  const buttons = b.action_buttons.flatMap((a, i) =>
    a.kind === 'block' && a.block_id ? [{ field: `action_buttons[${i}].block_id`, id: a.block_id }] : [],
  );
  return [...hits, ...collect(b, BLOCK_ID_FIELDS, BLOCK_LIST_FIELDS), ...buttons];
}

function checkBlock(c: Character, b: Block, lookup: Lookup, report: Report): void {
  const at = { blockId: b.id };
  // A dangling reference names the block that holds it, and the missing id.
  for (const { id, field } of blockVideoReferences(b))
    if (!lookup.videos.has(id)) report('VIDEO_NOT_FOUND', { ...at, videoId: id, targetId: id, field });
  for (const { id, field } of blockBlockReferences(b))
    if (!lookup.blocks.has(id)) report('BLOCK_NOT_FOUND', { ...at, targetId: id, field });
  if (blockListens(b)) checkListening(c, b, lookup, report);
  if (b.random_count > 0 && !b.random_end_block_id && !c.random.final_block_id) report('RANDOM_END_BLOCK_MISSING', at);
  const hasReplacement =
    b.replacement_video_ids.length +
      b.replacement_block_ids.length +
      c.replacement.video_ids.length +
      c.replacement.block_ids.length >
    0;
  if (!b.play_again && !hasReplacement) report('REPLACEMENT_MISSING', at);
}

function checkListening(c: Character, b: Block, lookup: Lookup, report: Report): void {
  const at = { blockId: b.id };
  const prefix = c.setting.listen_video_prefix;
  const hasListenVideo =
    b.listen_video_ids.some((id) => lookup.videos.has(id)) ||
    (b.listen_video_ids.length === 0 && prefix !== '' && c.videos.some((v) => v.title.startsWith(prefix)));
  if (!hasListenVideo) report('LISTEN_VIDEO_NOT_FOUND', at);
  if ((b.valid_response_ids.length > 0 && !c.setting.es_index_name) || (b.spj_category !== null && !c.setting.spj_url))
    report('INVALID_SPJ_OR_SEARCH', at);
  if (b.spj_category !== null && b.spj_out_score > 0 && !b.spj_out_block_id && !b.spj_out_video_id)
    report('SPJ_OUT_NOWHERE', at);
  if (b.spj_category !== null && b.listen_next_block.length === 0 && b.play_final_block.length === 0)
    report('LOW_SCORE_NOWHERE', at);
  const limit = b.invalid_max_count || b.invalid_count;
  const hasInvalidVideo = b.invalid_response_video_ids.length > 0 || b.invalid_video_id !== null;
  if (limit > 1 && !hasInvalidVideo) report('INVALID_SETTINGS', at);
  if (limit > 0 && !b.invalid_final_video_id && b.invalid_final_block.length === 0) report('INVALID_SETTINGS', at);
  checkSilence(c, b, report);
}

function checkSilence(c: Character, b: Block, report: Report): void {
  const limit = b.silence_time_limit || b.silence_limit;
  const hasFinal = b.silence_final_blocks.length > 0 || b.silence_final_block_id !== null;
  const hasVideo = b.silence_video_ids.length > 0 || b.silence_video_id !== null;
  if (!c.setting.silence_enabled) return;
  if (limit === 0 && (b.silence_count > 0 || hasVideo || hasFinal))
    report('SILENCE_SETTINGS_MISSING', { blockId: b.id });
  if (limit > 0 && b.silence_count > 1 && !hasVideo) report('SILENCE_SETTINGS_MISSING', { blockId: b.id });
  if (limit > 0 && b.silence_count > 0 && !hasFinal) report('SILENCE_SETTINGS_MISSING', { blockId: b.id });
}

/** Blocks with neither a trigger video nor listening that reach themselves through play_final_block. */
function silentLoops(c: Character): string[] {
  const silent = new Map(c.blocks.filter((b) => !b.trigger_video_id && !blockListens(b)).map((b) => [b.id, b]));
  const reachesItself = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(silent.get(start)?.play_final_block ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (id === start) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(silent.get(id)?.play_final_block ?? []));
    }
    return false;
  };
  return [...silent.keys()].filter(reachesItself);
}

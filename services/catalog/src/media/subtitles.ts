import webvtt from 'webvtt-parser';
import type { AppError } from '@talkwith/platform';
import { mediaKeys } from '../characters.ts';
import { openVideos } from '../model.ts';
import { audit, requireCharacter, type MediaContext } from './context.ts';
import { listMedia } from './views.ts';
import { mediaErrors } from '../errors.ts';

/** SPEC §2: subtitles/{character_id}/{language}/{video title without .mp4}.vtt. */
export const subtitleKey = (characterId: string, language: string, title: string) =>
  `${mediaKeys(characterId).subtitlesPrefix}${language}/${title}.vtt`;

/**
 * Checks a WebVTT file with the W3C's parser (webvtt-parser): the WEBVTT
 * header, cue timings, end after start, starts in order. Answers the number
 * of cues; a fault is a 400 naming its line.
 */
export function validateWebVtt(text: string): number {
  refuseDeepNesting(text);
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'subtitles');
  const first = errors[0];
  if (first) {
    throw mediaErrors.invalidVtt(first.line, translate(first.message), first.message);
  }
  return cues.length;
}

/**
 * Deepest tag nesting a cue may have. The parser builds its cue tree by
 * recursion, so ~100,000 nested tags overflow the stack (RangeError, a 500);
 * real subtitles nest two or three (<c.x><i>…</i></c>).
 */
export const VTT_MAX_TAG_DEPTH = 32;
// The parser's cue span tags (WebVTT §4.2.2); a blank line ends a cue and with it its open tags.
const SPAN_TAG = /<(\/?)(c|i|b|u|v|ruby|rt|lang)(?=[\s.>])|(?:\r\n|\r|\n){2}/g;

/**
 * Tag depth counted in one linear scan before the parser sees the text, as
 * the parser counts it: an end tag closes only the tag open innermost (a
 * stray one changes nothing), </ruby> inside <rt> closes both.
 */
function refuseDeepNesting(text: string): void {
  const open: string[] = [];
  for (const match of text.matchAll(SPAN_TAG)) {
    const [, slash, name] = match;
    if (name === undefined) open.length = 0;
    else if (slash !== '/') open.push(name);
    else if (open.at(-1) === name) open.pop();
    else if (name === 'ruby' && open.at(-1) === 'rt' && open.at(-2) === 'ruby') open.length -= 2;
    if (open.length > VTT_MAX_TAG_DEPTH) throw tooDeep(text, match.index);
  }
}

function tooDeep(text: string, at: number): AppError {
  const line = text.slice(0, at).split(/\r\n|\r|\n/).length;
  return mediaErrors.vttTooDeep(line, VTT_MAX_TAG_DEPTH);
}

/** The parser's most common messages in Japanese (others are shown as they are, after the line number). */
function translate(message: string): string {
  if (message.startsWith('No valid signature')) return '1 行目は「WEBVTT」で始めてください。';
  if (message.startsWith('End timestamp is not greater than start'))
    return '終了時刻が開始時刻より後になっていません。';
  if (message.startsWith('Start timestamp is not greater than or equal to start timestamp of previous cue'))
    return '開始時刻が前のキューより前になっています（時刻順に並べてください）。';
  if (/timestamp/i.test(message))
    return `時刻の書き方が正しくありません（hh:mm:ss.ttt --> hh:mm:ss.ttt）。(${message})`;
  return message;
}

/** The subtitle's title must name a video of the character (its title without .mp4). */
async function requireVideoTitled(ctx: MediaContext, characterId: string, title: string): Promise<void> {
  await requireCharacter(ctx, characterId);
  if (
    !(await openVideos(ctx.platform.store).findOne(
      { character_id: characterId, title: `${title}.mp4` },
      { projection: { _id: 1 } },
    ))
  ) {
    throw mediaErrors.subtitleWithoutVideo(title);
  }
}

export interface SubtitleRef {
  characterId: string;
  language: string;
  title: string;
}

export async function saveSubtitle(
  ctx: MediaContext,
  adminId: string,
  ref: SubtitleRef,
  text: string,
): Promise<{ url: string; cues: number }> {
  const cues = validateWebVtt(text);
  await requireVideoTitled(ctx, ref.characterId, ref.title);
  const key = subtitleKey(ref.characterId, ref.language, ref.title);
  // The file port is not transactional: the file is written first, the audit entry records it once it is there.
  await ctx.platform.files.put(key, Buffer.from(text, 'utf8'), 'text/vtt; charset=utf-8');
  await ctx.platform.store.withTransaction((tx) =>
    audit(ctx, tx, adminId, 'subtitle.saved', {
      character_id: ref.characterId,
      language: ref.language,
      title: ref.title,
      cues,
    }),
  );
  return { url: ctx.platform.files.publicUrl(key), cues };
}

export async function readSubtitle(ctx: MediaContext, ref: SubtitleRef): Promise<string> {
  await requireCharacter(ctx, ref.characterId);
  const key = subtitleKey(ref.characterId, ref.language, ref.title);
  if (!(await ctx.platform.files.stat(key))) throw mediaErrors.subtitleNotFound();
  const chunks: Buffer[] = [];
  for await (const chunk of (await ctx.platform.files.read(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function deleteSubtitle(ctx: MediaContext, adminId: string, ref: SubtitleRef): Promise<void> {
  await requireCharacter(ctx, ref.characterId);
  if (!(await ctx.platform.files.delete(subtitleKey(ref.characterId, ref.language, ref.title))))
    throw mediaErrors.subtitleNotFound();
  await ctx.platform.store.withTransaction((tx) =>
    audit(ctx, tx, adminId, 'subtitle.deleted', {
      character_id: ref.characterId,
      language: ref.language,
      title: ref.title,
    }),
  );
}

/** language → titles that have a subtitle file. */
export async function listSubtitles(ctx: MediaContext, characterId: string): Promise<Record<string, string[]>> {
  await requireCharacter(ctx, characterId);
  const out: Record<string, string[]> = {};
  for (const [title, languages] of (await listMedia(ctx.platform.files, characterId)).subtitles) {
    for (const language of languages.keys()) (out[language] ??= []).push(title);
  }
  for (const titles of Object.values(out)) titles.sort();
  return out;
}

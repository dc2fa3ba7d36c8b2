import { SUPPORTED_LANGUAGES, type Language, type VideoEntry } from '@talkwith/proto/catalog';

/** The subtitle name of a clip: its title without .mp4 (SPEC §2: {character_id}/{language}/{title}.vtt). */
export const subtitleTitleOf = (videoTitle: string) => videoTitle.replace(/\.mp4$/i, '');

export const isSupportedLanguage = (code: string): code is Language =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(code);

export type VttMatch =
  | { ok: true; video: VideoEntry; language: string; title: string }
  | { ok: false; reason: 'notVtt' | 'noClip'; title: string };

/** `<title>.<language>` → the language named at the end (any letter case), if it is one the product supports. */
function splitLanguage(base: string): { title: string; language: string | null } {
  const dot = base.lastIndexOf('.');
  const tail = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const language = SUPPORTED_LANGUAGES.find((code) => code.toLowerCase() === tail) ?? null;
  return language ? { title: base.slice(0, dot), language } : { title: base, language: null };
}

/**
 * Which clip and language a dropped VTT file is for, from its name alone:
 * `<clip title>.<language>.vtt` (e.g. greet.en-US.vtt), or `<clip title>.vtt`
 * in the language chosen on the page. A `.mp4` left in the name is allowed
 * (greet.mp4.vtt): operators often name subtitles after the file.
 */
export function matchVttFile(fileName: string, videos: readonly VideoEntry[], chosenLanguage: string): VttMatch {
  if (!/\.vtt$/i.test(fileName)) return { ok: false, reason: 'notVtt', title: fileName };
  const { title: named, language } = splitLanguage(fileName.replace(/\.vtt$/i, ''));
  const title = subtitleTitleOf(named);
  const video = videos.find((v) => subtitleTitleOf(v.title) === title);
  return video
    ? { ok: true, video, language: language ?? chosenLanguage, title }
    : { ok: false, reason: 'noClip', title };
}

/** Cue text lines: the lines after a timing line (`-->`) until the blank line that ends the cue. */
function payloadLineIndexes(lines: readonly string[]): number[] {
  const out: number[] = [];
  let inCue = false;
  lines.forEach((line, index) => {
    if (line.trim() === '') inCue = false;
    else if (line.includes('-->')) inCue = true;
    else if (inCue) out.push(index);
  });
  return out;
}

/**
 * A draft in another language: every cue's text replaced by `translateLine`'s
 * answer, timings, header and notes kept as they are. Returns the draft and
 * how many lines the translator had no translation for (kept as they were).
 */
export async function translateCueText(
  vtt: string,
  translateLine: (line: string) => Promise<{ text: string; available: boolean }>,
): Promise<{ vtt: string; untranslated: number }> {
  const lines = vtt.split(/\r?\n/);
  let untranslated = 0;
  await Promise.all(
    payloadLineIndexes(lines).map(async (index) => {
      const answer = await translateLine(lines[index]!);
      if (!answer.available) untranslated += 1;
      lines[index] = answer.text;
    }),
  );
  return { vtt: lines.join('\n'), untranslated };
}

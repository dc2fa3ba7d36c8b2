// Minimal WebVTT writing and (strict enough) reading for the demo subtitles.
export type Cue = { readonly start: number; readonly end: number; readonly text: string };

export function formatTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file; no cues gives a valid, empty file (silent clips). */
export function formatVtt(cues: readonly Cue[]): string {
  const blocks = cues.map(
    (cue, index) => `${index + 1}\n${formatTimestamp(cue.start)} --> ${formatTimestamp(cue.end)}\n${cue.text}\n`,
  );
  return ['WEBVTT\n', ...blocks].join('\n');
}

const TIMING = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3}) --> (?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})(?: .*)?$/;

function seconds(hours: string | undefined, minutes: string, secs: string, millis: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/** Parses a WebVTT file; throws on a bad header, malformed timing line or a cue that ends before it starts. */
export function parseVtt(text: string): Cue[] {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(body)) throw new Error('missing WEBVTT header');
  const blocks = body
    .split(/\n{2,}/)
    .slice(1)
    .filter((block) => block.trim() !== '' && !/^(?:NOTE|STYLE|REGION)(?:[ \t\n]|$)/.test(block));
  return blocks.map((block) => {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    const match = TIMING.exec(lines[timingIndex] ?? '');
    if (timingIndex > 1 || !match) throw new Error(`malformed cue: ${JSON.stringify(block)}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    const start = seconds(h1, m1!, s1!, ms1!);
    const end = seconds(h2, m2!, s2!, ms2!);
    if (end <= start) throw new Error(`cue ends before it starts: ${lines[timingIndex]}`);
    return { start, end, text: lines.slice(timingIndex + 1).join('\n') };
  });
}

/** One WebVTT cue, times in seconds. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Parses the cues of a WebVTT file (identifiers, settings and NOTE blocks are skipped; tags removed). */
export function parseVtt(source: string): Cue[] {
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    const match = timingAt >= 0 ? TIMING.exec(lines[timingAt] ?? '') : null;
    if (!match?.[1] || !match[2]) continue;
    const text = lines
      .slice(timingAt + 1)
      .join('\n')
      .replace(/<[^>]+>/g, '')
      .trim();
    if (text) cues.push({ start: seconds(match[1]), end: seconds(match[2]), text });
  }
  return cues;
}

/** The cue texts showing at time t. */
export function cuesAt(cues: Cue[], t: number): string[] {
  return cues.filter((cue) => cue.start <= t && t < cue.end).map((cue) => cue.text);
}

// Speech for the demo clips: espeak-ng renders a kana reading to WAV, and the
// loudness of each video frame decides whether the character's mouth is open.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** espeak-ng's Japanese voice with a female variant, a little slower and higher than default. */
export const VOICE_ARGS = ['-v', 'ja+f3', '-s', '160', '-p', '62'] as const;

export type Speech = {
  readonly wavPath: string;
  readonly seconds: number;
  readonly samples: Int16Array;
  readonly sampleRate: number;
};
export type Interval = readonly [start: number, end: number];

export async function synthesize(
  reading: string,
  wavPath: string,
  voice: readonly string[] = VOICE_ARGS,
): Promise<Speech> {
  await run('espeak-ng', [...voice, '-w', wavPath, reading]);
  const { samples, sampleRate } = parseWav(await readFile(wavPath));
  return { wavPath, samples, sampleRate, seconds: samples.length / sampleRate };
}

/** Reads 16-bit mono PCM from a RIFF/WAVE file, walking its chunks. */
export function parseWav(file: Buffer): { samples: Int16Array; sampleRate: number } {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAVE file');
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    // espeak-ng streams its output, so the data chunk size may be 0 or too large: trust the file length instead.
    const size = id === 'data' ? file.length - offset - 8 : file.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (
        file.readUInt16LE(offset + 8) !== 1 ||
        file.readUInt16LE(offset + 10) !== 1 ||
        file.readUInt16LE(offset + 22) !== 16
      ) {
        throw new Error('expected 16-bit mono PCM');
      }
      sampleRate = file.readUInt32LE(offset + 12);
    }
    if (id === 'data') {
      const bytes = file.subarray(offset + 8, offset + 8 + size - (size % 2));
      return {
        samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
        sampleRate,
      };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAVE file has no data chunk');
}

function frameLoudness(speech: Speech, fps: number): number[] {
  const perFrame = speech.sampleRate / fps;
  const frames = Math.ceil(speech.samples.length / perFrame);
  return Array.from({ length: frames }, (_, frame) => {
    const from = Math.floor(frame * perFrame);
    const to = Math.min(speech.samples.length, Math.floor((frame + 1) * perFrame));
    let sum = 0;
    for (let i = from; i < to; i++) sum += (speech.samples[i] ?? 0) ** 2;
    return Math.sqrt(sum / Math.max(1, to - from));
  });
}

/**
 * Time ranges (seconds from the start of the speech) when the mouth is open:
 * loud frames, with every third frame of a long loud run closed so the mouth
 * keeps moving through sustained vowels.
 */
export function mouthOpenIntervals(speech: Speech, fps: number): Interval[] {
  const loudness = frameLoudness(speech, fps);
  const threshold = 0.25 * Math.max(1, ...loudness);
  const open: boolean[] = [];
  let run = 0;
  for (const level of loudness) {
    run = level >= threshold ? run + 1 : 0;
    open.push(run > 0 && run % 3 !== 0);
  }
  const intervals: Interval[] = [];
  open.forEach((isOpen, frame) => {
    if (!isOpen) return;
    const last = intervals.at(-1);
    const start = frame / fps;
    if (last && Math.abs(last[1] - start) < 1e-9) intervals[intervals.length - 1] = [last[0], (frame + 1) / fps];
    else intervals.push([start, (frame + 1) / fps]);
  });
  return intervals;
}

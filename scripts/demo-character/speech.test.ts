import { describe, expect, it } from 'vitest';
import { mouthOpenIntervals, parseWav } from './speech.ts';

function wav(samples: number[], sampleRate: number, declaredDataBytes?: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, index) => data.writeInt16LE(value, index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(declaredDataBytes ?? data.length, 40);
  return Buffer.concat([header, data]);
}

describe('speech', () => {
  it('parseWav, a streamed file with a zero data size, reads the samples to the end of the file', () => {
    const parsed = parseWav(wav([1, -2, 3], 22050, 0));

    expect(parsed.sampleRate).toBe(22050);
    expect([...parsed.samples]).toEqual([1, -2, 3]);
  });

  it('parseWav, a non-WAVE file, throws', () => {
    expect(() => parseWav(Buffer.from('not a wave file at all, really'))).toThrow('not a WAVE file');
  });

  it('mouthOpenIntervals, silence then a long loud run, opens only while loud and closes every third frame', () => {
    const fps = 10;
    const sampleRate = 1000; // 100 samples per frame
    const samples = [...new Array(200).fill(0), ...new Array(600).fill(8000)];

    const intervals = mouthOpenIntervals(
      { wavPath: '', seconds: 0.8, samples: Int16Array.from(samples), sampleRate },
      fps,
    );

    expect(intervals.map(([from, to]) => [Math.round(from * fps), Math.round(to * fps)])).toEqual([
      [2, 4],
      [5, 7],
    ]);
  });
});

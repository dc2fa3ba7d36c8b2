import sharp from 'sharp';
import { runTool } from './tools.ts';

/**
 * Frames for the continuity check: scaled down to 64×36 RGB, so a comparison
 * sees pose, framing and colour rather than noise or compression (6 912 bytes
 * per frame). Two measures come from it: the grey picture (pose, framing) and
 * the colour histograms (a red background against a blue standby, which the
 * grey picture alone barely tells apart).
 */
export const FRAME_WIDTH = 64;
export const FRAME_HEIGHT = 36;
const CHANNELS = 3;
const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT * CHANNELS;
const SMALL_RGB = `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=rgb24`;

export async function firstFrame(path: string, timeoutMs: number): Promise<Buffer> {
  const out = await runTool(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-frames:v', '1', '-vf', SMALL_RGB, '-f', 'rawvideo', 'pipe:1'],
    timeoutMs,
  );
  return exactFrame(out.subarray(0, FRAME_BYTES));
}

/** The last frame: decode the final second only and keep the last frame of it. */
export async function lastFrame(path: string, timeoutMs: number): Promise<Buffer> {
  const out = await runTool(
    'ffmpeg',
    ['-v', 'error', '-sseof', '-1', '-i', path, '-vf', SMALL_RGB, '-f', 'rawvideo', 'pipe:1'],
    timeoutMs,
  );
  return exactFrame(out.subarray(Math.max(0, out.length - FRAME_BYTES)));
}

function exactFrame(bytes: Buffer): Buffer {
  if (bytes.length !== FRAME_BYTES)
    throw new Error(`ffmpeg gave ${bytes.length} bytes instead of one ${FRAME_WIDTH}×${FRAME_HEIGHT} RGB frame`);
  return bytes;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function sameSize(a: Buffer, b: Buffer): void {
  if (a.length !== b.length || a.length % CHANNELS !== 0) throw new Error('frames of different sizes');
}

/** Mean absolute difference of the two frames' grey pictures (BT.601 luma), normalised to 0 (identical) … 1 (black against white). */
export function frameDistance(a: Buffer, b: Buffer): number {
  sameSize(a, b);
  const luma = (f: Buffer, i: number) => 0.299 * f[i]! + 0.587 * f[i + 1]! + 0.114 * f[i + 2]!;
  let sum = 0;
  for (let i = 0; i < a.length; i += CHANNELS) sum += Math.abs(luma(a, i) - luma(b, i));
  return round4(sum / (a.length / CHANNELS) / 255);
}

/** Colour is compared on 4×4-pixel cells (16×9 of them): where the colours are, not the last pixel of an outline. */
const CELL = 4;

function cellColours(frame: Buffer): Float64Array {
  const [columns, rows] = [FRAME_WIDTH / CELL, FRAME_HEIGHT / CELL];
  const cells = new Float64Array(columns * rows * CHANNELS);
  for (let y = 0; y < FRAME_HEIGHT; y++) {
    for (let x = 0; x < FRAME_WIDTH; x++) {
      const cell = (Math.floor(y / CELL) * columns + Math.floor(x / CELL)) * CHANNELS;
      for (let c = 0; c < CHANNELS; c++)
        cells[cell + c]! += frame[(y * FRAME_WIDTH + x) * CHANNELS + c]! / (CELL * CELL);
    }
  }
  return cells;
}

/**
 * How far apart the colours of two frames are: the mean absolute difference
 * of R, G and B over 4×4-pixel cells, normalised to 0 (same colours) … 1.
 * A red background against a blue one of the same brightness is about 0.4
 * (its grey distance stays near 0.03); the demo character's clips, whose
 * pale backgrounds are tinted differently, lie at 0.02–0.05.
 */
export function colourDistance(a: Buffer, b: Buffer): number {
  sameSize(a, b);
  if (a.length !== FRAME_BYTES) throw new Error('colour is compared on whole check frames');
  const [ca, cb] = [cellColours(a), cellColours(b)];
  let sum = 0;
  for (let i = 0; i < ca.length; i++) sum += Math.abs(ca[i]! - cb[i]!);
  return round4(sum / ca.length / 255);
}

/** The first frame at full size as WebP: the player shows it until the clip plays (playable.ts posterUrls). */
export async function posterWebp(path: string, timeoutMs: number): Promise<Buffer> {
  const png = await runTool(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    timeoutMs,
  );
  return sharp(png).webp({ quality: 80 }).toBuffer();
}

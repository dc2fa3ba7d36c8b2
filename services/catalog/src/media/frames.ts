import sharp from 'sharp';
import { runTool } from './tools.ts';

/**
 * Frames for the continuity check: scaled down to 64×36 and grey, so a
 * comparison sees pose and framing rather than noise, compression or colour
 * grading (and costs 2 304 bytes per frame).
 */
export const FRAME_WIDTH = 64;
export const FRAME_HEIGHT = 36;
const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT;
const SMALL_GREY = `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=gray`;

export async function firstFrame(path: string, timeoutMs: number): Promise<Buffer> {
  const out = await runTool('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-vf', SMALL_GREY, '-f', 'rawvideo', 'pipe:1'], timeoutMs);
  return exactFrame(out.subarray(0, FRAME_BYTES));
}

/** The last frame: decode the final second only and keep the last frame of it. */
export async function lastFrame(path: string, timeoutMs: number): Promise<Buffer> {
  const out = await runTool('ffmpeg', ['-v', 'error', '-sseof', '-1', '-i', path, '-vf', SMALL_GREY, '-f', 'rawvideo', 'pipe:1'], timeoutMs);
  return exactFrame(out.subarray(Math.max(0, out.length - FRAME_BYTES)));
}

function exactFrame(bytes: Buffer): Buffer {
  if (bytes.length !== FRAME_BYTES) throw new Error(`ffmpeg gave ${bytes.length} bytes instead of one ${FRAME_WIDTH}×${FRAME_HEIGHT} frame`);
  return bytes;
}

/** Mean absolute difference of two grey frames, normalised to 0 (identical) … 1 (black against white). */
export function frameDistance(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error('frames of different sizes');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return Math.round((sum / a.length / 255) * 10_000) / 10_000;
}

/** The first frame at full size as WebP: the player shows it until the clip plays (playable.ts posterUrls). */
export async function posterWebp(path: string, timeoutMs: number): Promise<Buffer> {
  const png = await runTool('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], timeoutMs);
  return sharp(png).webp({ quality: 80 }).toBuffer();
}

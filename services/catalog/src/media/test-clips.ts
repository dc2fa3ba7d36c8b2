import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAssetsDir } from '@talkwith/dialogue-engine/demo';

/** Test clips: the demo character's (which share one pose) and ones made with ffmpeg (a test pattern: a different picture). */
export const demoClip = (name: string) => join(demoAssetsDir, 'videos', `${name}.mp4`);
export const demoAvatar = join(demoAssetsDir, 'avatar.png');

export function makeClipDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-clips-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A 1 s, 160×90, 15 fps test pattern with a tone, as MP4 (H.264/AAC) or WebM (VP8/Opus). */
export function makeTestPattern(dir: string, container: 'mp4' | 'webm', name = 'pattern'): string {
  const path = join(dir, `${name}.${container}`);
  const codecs =
    container === 'mp4'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus'];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x90:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=d=1',
    '-t',
    '1',
    ...codecs,
    path,
  ]);
  return path;
}

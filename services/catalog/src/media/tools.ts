import { execFile } from 'node:child_process';

/**
 * ffmpeg and ffprobe are optional: media info falls back to reading the
 * container, the continuity check and posters are skipped. Which ones exist is
 * looked up once per process; tests force either path with MediaTools.
 */
export interface MediaTools {
  ffprobe: boolean;
  ffmpeg: boolean;
  /** Time limit of one run, ms. */
  timeoutMs: number;
}

let found: Promise<{ ffprobe: boolean; ffmpeg: boolean }> | undefined;

const onPath = (tool: string) =>
  new Promise<boolean>((resolve) => {
    execFile(tool, ['-version'], { timeout: 10_000 }, (err) => resolve(!err));
  });

/** The tools installed on this machine (cached). */
export async function detectTools(timeoutMs: number): Promise<MediaTools> {
  found ??= Promise.all([onPath('ffprobe'), onPath('ffmpeg')]).then(([ffprobe, ffmpeg]) => ({ ffprobe, ffmpeg }));
  return { ...(await found), timeoutMs };
}

/** Runs a tool and answers its stdout as bytes; rejects on a non-zero exit or the time limit. */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  timeoutMs: number,
  maxBuffer = 64 * 1024 * 1024,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      { timeout: timeoutMs, maxBuffer, encoding: 'buffer', killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${tool} failed: ${err.message} ${stderr.toString('utf8').slice(0, 500)}`, { cause: err }));
        else resolve(stdout);
      },
    );
  });
}

import type { ContinuityReport } from '@talkwith/proto/catalog';
import { colourDistance, firstFrame, frameDistance, lastFrame } from './frames.ts';
import type { MediaTools } from './tools.ts';

/**
 * Above this distance a switch between the clip and the standby loop shows.
 * Calibrated on 64×36 grey frames: the demo character's clips, shot in one
 * pose, lie at 0.01–0.04 from its standby frame; the same standby picture
 * zoomed in by 30 % lies at 0.13, mirrored at 0.21, shifted by a quarter at
 * 0.30, a different picture (a test pattern) at 0.39.
 */
export const CONTINUITY_THRESHOLD = 0.08;

/**
 * Above this colour distance (frames.ts colourDistance) the switch shows
 * even when the grey pictures agree. The demo character's clips lie at
 * 0.02–0.05 from its standby frame (pale backgrounds tinted per clip); a red
 * background against a blue one of the same brightness at 0.40.
 */
export const COLOUR_THRESHOLD = 0.1;

export const ContinuityWarnings = {
  first: '最初のフレームが待機動画と大きく異なります（ポーズ・画角を確認してください）',
  last: '最後のフレームが待機動画と大きく異なります（ポーズ・画角を確認してください）',
  firstColour: '最初のフレームの色が待機動画と大きく異なります（背景・照明・衣装の色を確認してください）',
  lastColour: '最後のフレームの色が待機動画と大きく異なります（背景・照明・衣装の色を確認してください）',
  noFfmpeg: 'ffmpeg がインストールされていないため、待機動画とのつながりを確認できませんでした。',
  failed: '動画のフレームを読み取れなかったため、待機動画とのつながりを確認できませんでした。',
} as const;

/** What the check needs: the clip's local file and the standby clip's first frame (null: no standby clip yet). */
export interface ContinuityInput {
  clipPath: string;
  standby: { videoId: string; firstFrame: Buffer } | null;
}

interface Distances {
  first: number | null;
  last: number | null;
  firstColour?: number;
  lastColour?: number;
}

const NOT_MEASURED: Distances = { first: null, last: null };

const report = (standbyId: string | null, d: Distances, warnings: string[]): ContinuityReport => ({
  checked_at: new Date().toISOString(),
  standby_video_id: standbyId,
  first_frame_distance: d.first,
  last_frame_distance: d.last,
  ...(d.firstColour === undefined
    ? {}
    : { first_frame_colour_distance: d.firstColour, last_frame_colour_distance: d.lastColour ?? null }),
  warnings,
});

function warningsFor(d: { first: number; last: number; firstColour: number; lastColour: number }): string[] {
  return [
    ...(d.first > CONTINUITY_THRESHOLD ? [ContinuityWarnings.first] : []),
    ...(d.last > CONTINUITY_THRESHOLD ? [ContinuityWarnings.last] : []),
    ...(d.firstColour > COLOUR_THRESHOLD ? [ContinuityWarnings.firstColour] : []),
    ...(d.lastColour > COLOUR_THRESHOLD ? [ContinuityWarnings.lastColour] : []),
  ];
}

/** Compares the clip's first and last frames with the standby clip's first frame, in grey (pose, framing) and in colour. */
export async function checkContinuity(
  input: ContinuityInput,
  tools: Pick<MediaTools, 'ffmpeg' | 'timeoutMs'>,
): Promise<ContinuityReport> {
  if (!input.standby) return report(null, NOT_MEASURED, []);
  const standbyId = input.standby.videoId;
  if (!tools.ffmpeg) return report(standbyId, NOT_MEASURED, [ContinuityWarnings.noFfmpeg]);
  try {
    const [first, last] = await Promise.all([
      firstFrame(input.clipPath, tools.timeoutMs),
      lastFrame(input.clipPath, tools.timeoutMs),
    ]);
    const standby = input.standby.firstFrame;
    const d = {
      first: frameDistance(first, standby),
      last: frameDistance(last, standby),
      firstColour: colourDistance(first, standby),
      lastColour: colourDistance(last, standby),
    };
    return report(standbyId, d, warningsFor(d));
  } catch {
    return report(standbyId, NOT_MEASURED, [ContinuityWarnings.failed]);
  }
}

/** The report of a clip whose file could not be read at all. */
export const unreadableClipReport = (standbyId: string | null): ContinuityReport =>
  report(standbyId, NOT_MEASURED, standbyId ? [ContinuityWarnings.failed] : []);

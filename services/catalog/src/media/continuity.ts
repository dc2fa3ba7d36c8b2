import type { ContinuityReport } from '@talkwith/proto/catalog';
import { firstFrame, frameDistance, lastFrame } from './frames.ts';
import type { MediaTools } from './tools.ts';

/**
 * Above this distance a switch between the clip and the standby loop shows.
 * Calibrated on 64×36 grey frames: the demo character's clips, shot in one
 * pose, lie at 0.01–0.04 from its standby frame; the same standby picture
 * zoomed in by 30 % lies at 0.13, mirrored at 0.21, shifted by a quarter at
 * 0.30, a different picture (a test pattern) at 0.39.
 */
export const CONTINUITY_THRESHOLD = 0.08;

export const ContinuityWarnings = {
  first: '最初のフレームが待機動画と大きく異なります（ポーズ・画角を確認してください）',
  last: '最後のフレームが待機動画と大きく異なります（ポーズ・画角を確認してください）',
  noFfmpeg: 'ffmpeg がインストールされていないため、待機動画とのつながりを確認できませんでした。',
  failed: '動画のフレームを読み取れなかったため、待機動画とのつながりを確認できませんでした。',
} as const;

/** What the check needs: the clip's local file and the standby clip's first frame (null: no standby clip yet). */
export interface ContinuityInput {
  clipPath: string;
  standby: { videoId: string; firstFrame: Buffer } | null;
}

const report = (standbyId: string | null, first: number | null, last: number | null, warnings: string[]): ContinuityReport => ({
  checked_at: new Date().toISOString(), standby_video_id: standbyId, first_frame_distance: first, last_frame_distance: last, warnings,
});

/** Compares the clip's first and last frames with the standby clip's first frame. */
export async function checkContinuity(input: ContinuityInput, tools: Pick<MediaTools, 'ffmpeg' | 'timeoutMs'>): Promise<ContinuityReport> {
  if (!input.standby) return report(null, null, null, []);
  const standbyId = input.standby.videoId;
  if (!tools.ffmpeg) return report(standbyId, null, null, [ContinuityWarnings.noFfmpeg]);
  try {
    const [first, last] = await Promise.all([firstFrame(input.clipPath, tools.timeoutMs), lastFrame(input.clipPath, tools.timeoutMs)]);
    const firstDistance = frameDistance(first, input.standby.firstFrame);
    const lastDistance = frameDistance(last, input.standby.firstFrame);
    const warnings = [
      ...(firstDistance > CONTINUITY_THRESHOLD ? [ContinuityWarnings.first] : []),
      ...(lastDistance > CONTINUITY_THRESHOLD ? [ContinuityWarnings.last] : []),
    ];
    return report(standbyId, firstDistance, lastDistance, warnings);
  } catch {
    return report(standbyId, null, null, [ContinuityWarnings.failed]);
  }
}

/** The report of a clip whose file could not be read at all. */
export const unreadableClipReport = (standbyId: string | null): ContinuityReport => report(standbyId, null, null, standbyId ? [ContinuityWarnings.failed] : []);

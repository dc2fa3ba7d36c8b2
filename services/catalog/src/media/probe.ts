import type { MediaInfo } from '@talkwith/proto/catalog';
import { containerInfo } from './container-info.ts';
import { runTool, type MediaTools } from './tools.ts';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; size?: string; format_name?: string };
}

/** Media info of a local file: ffprobe when installed, else the container read by a library. */
export async function probeMedia(
  path: string,
  container: 'mp4' | 'webm',
  tools: Pick<MediaTools, 'ffprobe' | 'timeoutMs'>,
): Promise<MediaInfo> {
  if (!tools.ffprobe) return containerInfo(path, container);
  const out = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    tools.timeoutMs,
  );
  return fromFfprobe(JSON.parse(out.toString('utf8')) as ProbeOutput, container);
}

/** "30000/1001" → 29.97 (ffprobe's frame rates are fractions; "0/0" when unknown). */
export function frameRateOf(fraction: string | undefined): number | null {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return Math.round((num / den) * 1000) / 1000;
}

const numberOrNull = (value: string | undefined) =>
  value !== undefined && Number.isFinite(Number(value)) ? Number(value) : null;

function fromFfprobe(out: ProbeOutput, container: 'mp4' | 'webm'): MediaInfo {
  const video = out.streams?.find((s) => s.codec_type === 'video');
  const audio = out.streams?.find((s) => s.codec_type === 'audio');
  return {
    duration_s: numberOrNull(out.format?.duration),
    size_bytes: numberOrNull(out.format?.size) ?? 0,
    width: video?.width ?? null,
    height: video?.height ?? null,
    frame_rate: frameRateOf(video?.avg_frame_rate) ?? frameRateOf(video?.r_frame_rate),
    video_codec: video?.codec_name ?? null,
    audio_codec: audio?.codec_name ?? null,
    container,
    probed_with: 'ffprobe',
  };
}

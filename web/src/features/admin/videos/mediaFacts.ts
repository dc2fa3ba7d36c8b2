import type { MediaInfo } from '@talkwith/proto/catalog';

/** Media info as short human facts (the library row and the details page use the same wording). */
export function mediaFactsOf(info: Partial<MediaInfo> | Record<string, unknown> | null | undefined): {
  duration: string;
  size: string;
  frame: string;
  codecs: string;
} {
  const m = (info ?? {}) as Partial<MediaInfo>;
  const seconds = typeof m.duration_s === 'number' ? m.duration_s : null;
  const bytes = typeof m.size_bytes === 'number' ? m.size_bytes : null;
  return {
    duration: seconds === null ? '—' : `${seconds.toFixed(1)} s`,
    size:
      bytes === null
        ? '—'
        : bytes >= 1_048_576
          ? `${(bytes / 1_048_576).toFixed(1)} MB`
          : `${Math.ceil(bytes / 1024)} KB`,
    frame:
      m.width && m.height
        ? `${m.width}×${m.height}${m.frame_rate ? ` · ${Math.round(m.frame_rate * 100) / 100} fps` : ''}`
        : '—',
    codecs: [m.video_codec, m.audio_codec].filter(Boolean).join(' / ') || '—',
  };
}

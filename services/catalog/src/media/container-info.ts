import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import { parseFile } from 'music-metadata';
import type { MediaInfo } from '@talkwith/proto/catalog';

/**
 * Media info read from the container itself, for machines without ffprobe:
 * mp4box (GPAC's parser) for MP4, music-metadata's Matroska reader for WebM.
 * Both read the file as a stream: a 2 GB clip is never held in memory.
 */
export async function containerInfo(path: string, container: 'mp4' | 'webm'): Promise<MediaInfo> {
  const { size } = await stat(path);
  return container === 'mp4' ? mp4Info(path, size) : webmInfo(path, size);
}

/** Feeds the file to mp4box until it has read the moov box (which may sit at the end). */
async function readMovie(path: string): Promise<Movie | null> {
  const file = createFile();
  let movie: Movie | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  let offset = 0;
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
    offset += chunk.byteLength;
    if (movie) break;
  }
  stream.destroy();
  file.flush();
  return movie;
}

async function mp4Info(path: string, size: number): Promise<MediaInfo> {
  const movie = await readMovie(path);
  const video = movie?.videoTracks[0];
  const audio = movie?.audioTracks[0];
  const seconds = (t: { duration: number; timescale: number } | undefined) =>
    t && t.timescale > 0 ? t.duration / t.timescale : null;
  const videoSeconds = seconds(video);
  return {
    duration_s: seconds(movie ?? undefined),
    size_bytes: size,
    width: video?.video?.width ?? null,
    height: video?.video?.height ?? null,
    frame_rate: video && videoSeconds ? round(video.nb_samples / videoSeconds) : null,
    video_codec: video?.codec ?? null,
    audio_codec: audio?.codec ?? null,
    container: 'mp4',
    probed_with: 'container',
  };
}

async function webmInfo(path: string, size: number): Promise<MediaInfo> {
  const { format } = await parseFile(path, { duration: true, skipCovers: true });
  const video = format.trackInfo.find((t) => t.video);
  const audio = format.trackInfo.find((t) => t.audio);
  return {
    duration_s: format.duration ?? null,
    size_bytes: size,
    width: video?.video?.pixelWidth ?? null,
    height: video?.video?.pixelHeight ?? null,
    frame_rate: video?.video?.frameRate ? round(video.video.frameRate) : null,
    video_codec: video?.codecName ?? null,
    audio_codec: audio?.codecName ?? null,
    container: 'webm',
    probed_with: 'container',
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

// Renders a demo character's media from its clips.json:
//   node scripts/demo-character/generate.ts            all of Mirai's clips (replaces videos/ and subtitles/)
//   node scripts/demo-character/generate.ts --only id  one clip (updates its manifest entry)
//   node scripts/demo-character/generate.ts --posters  only the posters, from the committed videos
//   --character sora                                   the same for ソラ (casts.ts; default mirai)
// Needs espeak-ng, ffmpeg/ffprobe and fonts-noto-cjk. The output is committed,
// so running the product never needs these tools.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { castNamed, type DemoCast } from './casts.ts';
import { SUBTITLE_LANGUAGES, loadClips, loadManifest, pathsOf, posterPath, subtitlePath, videoPath } from './clips.ts';
import type { DemoClip, ManifestEntry } from './clips.ts';
import { wrapJapanese } from './layout.ts';
import { FPS, LEAD_SECONDS, SILENT_SECONDS, TAIL_SECONDS, TEXT, ffmpegArgs, frameAligned } from './render.ts';
import type { ClipPlan, LayerFiles } from './render.ts';
import { mouthOpenIntervals, synthesize } from './speech.ts';
import { renderSprites } from './sprites.ts';
import { formatVtt } from './vtt.ts';
import type { Cue } from './vtt.ts';

const run = promisify(execFile);
const PARALLEL = 2;

/** The bold Japanese Noto Sans face; without it the text would render as tofu boxes. */
async function findJapaneseFont(): Promise<string> {
  const { stdout } = await run('fc-match', ['-f', '%{file}\n%{family}', 'Noto Sans CJK JP:bold']);
  const [file = '', family = ''] = stdout.split('\n');
  if (!family.includes('CJK JP')) throw new Error('Noto Sans CJK JP not found: install fonts-noto-cjk');
  return file;
}

type Sprites = ReturnType<typeof renderSprites>;
type LayersFor = (kind: DemoClip['kind']) => LayerFiles;

/** Writes every layer once, before clips render in parallel, so no ffmpeg reads a file being written. */
async function writeLayers(work: string, sprites: Sprites): Promise<LayersFor> {
  const shared = {
    figure: join(work, 'figure.png'),
    mouthClosed: join(work, 'mouth-closed.png'),
    mouthOpen: join(work, 'mouth-open.png'),
    eyesClosed: join(work, 'eyes-closed.png'),
  };
  const background = (kind: DemoClip['kind']) => join(work, `background-${kind}.png`);
  await Promise.all([
    writeFile(shared.figure, sprites.figure),
    writeFile(shared.mouthClosed, sprites.mouthClosed),
    writeFile(shared.mouthOpen, sprites.mouthOpen),
    writeFile(shared.eyesClosed, sprites.eyesClosed),
    ...Object.entries(sprites.background).map(([kind, png]) => writeFile(background(kind as DemoClip['kind']), png)),
  ]);
  return (kind) => ({ ...shared, background: background(kind) });
}

async function planClip(cast: DemoCast, clip: DemoClip, work: string): Promise<ClipPlan> {
  const lineFiles = await Promise.all(
    wrapJapanese(clip.ja, TEXT.maxChars).map(async (line, index) => {
      const file = join(work, `${clip.id}-line${index}.txt`);
      await writeFile(file, line);
      return file;
    }),
  );
  if (clip.ja === '') {
    if (clip.kind !== 'standby' && clip.kind !== 'listen')
      throw new Error(`${clip.id}: a ${clip.kind} clip needs a line`);
    return { clip, lineFiles, speech: null, duration: SILENT_SECONDS[clip.kind], name: cast.name };
  }
  const reading = cast.readings[clip.id];
  if (!reading) throw new Error(`${clip.id}: add its kana reading to scripts/demo-character/readings.ts`);
  const speech = await synthesize(reading, join(work, `${clip.id}.wav`), cast.voice);
  const start = LEAD_SECONDS;
  return {
    clip,
    lineFiles,
    name: cast.name,
    duration: frameAligned(start + speech.seconds + TAIL_SECONDS),
    speech: { wavPath: speech.wavPath, start, end: start + speech.seconds, mouthOpen: mouthOpenIntervals(speech, FPS) },
  };
}

async function probeDurationMs(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=nw=1:nk=1',
    file,
  ]);
  return Math.round(Number(stdout.trim()) * 1000);
}

async function writeSubtitles(cast: DemoCast, plan: ClipPlan): Promise<void> {
  for (const language of SUBTITLE_LANGUAGES) {
    const text = language === 'ja-JP' ? plan.clip.ja : plan.clip.en;
    const cues: Cue[] = plan.speech ? [{ start: plan.speech.start, end: plan.speech.end, text }] : [];
    const file = join(pathsOf(cast).assets, subtitlePath(language, plan.clip.id, cast.characterId));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, formatVtt(cues));
  }
}

/**
 * The clip's first frame as a WebP still at the video's size (about 6 kB; a
 * JPEG at -q:v 4 is nearly twice that): the player's poster, shown before
 * the video can play. No metadata, so regenerating gives the same bytes.
 */
async function renderPoster(cast: DemoCast, id: string): Promise<void> {
  const assets = pathsOf(cast).assets;
  const output = join(assets, posterPath(id));
  await mkdir(join(output, '..'), { recursive: true });
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    join(assets, videoPath(id)),
    '-frames:v',
    '1',
    '-map_metadata',
    '-1',
    '-c:v',
    'libwebp',
    '-quality',
    '80',
    '-compression_level',
    '6',
    output,
  ]);
}

async function renderClip(
  cast: DemoCast,
  clip: DemoClip,
  work: string,
  font: string,
  layers: LayersFor,
): Promise<ManifestEntry> {
  const plan = await planClip(cast, clip, work);
  const output = join(pathsOf(cast).assets, videoPath(clip.id));
  await mkdir(join(output, '..'), { recursive: true });
  await run('ffmpeg', ffmpegArgs(plan, layers(clip.kind), font, output));
  await writeSubtitles(cast, plan);
  await renderPoster(cast, clip.id);
  const entry: ManifestEntry = {
    id: clip.id,
    title: `${clip.id}.mp4`,
    path: videoPath(clip.id),
    durationMs: await probeDurationMs(output),
    bytes: (await stat(output)).size,
    subtitles: {
      'ja-JP': subtitlePath('ja-JP', clip.id, cast.characterId),
      'en-US': subtitlePath('en-US', clip.id, cast.characterId),
    },
  };
  console.log(`${clip.id}: ${entry.durationMs} ms, ${entry.bytes} bytes`);
  return entry;
}

/** Runs the tasks a few at a time, keeping results in input order. */
async function inPool<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return results;
}

async function previousManifest(cast: DemoCast): Promise<ManifestEntry[]> {
  try {
    return await loadManifest(cast);
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      posters: { type: 'boolean' },
      character: { type: 'string', default: 'mirai' },
    },
  });
  const cast = castNamed(values.character);
  const paths = pathsOf(cast);
  const clips = await loadClips(cast);
  if (values.posters) {
    await inPool(clips, (clip) => renderPoster(cast, clip.id));
    console.log(`${clips.length} posters`);
    return;
  }
  const selected = values.only === undefined ? clips : clips.filter((clip) => clip.id === values.only);
  if (selected.length === 0) throw new Error(`no clip with id ${values.only}`);
  const [font, sprites] = [await findJapaneseFont(), renderSprites(cast.look)];
  if (values.only === undefined) {
    await rm(join(paths.assets, 'videos'), { recursive: true, force: true });
    await rm(join(paths.assets, 'subtitles'), { recursive: true, force: true });
    await rm(join(paths.assets, 'posters'), { recursive: true, force: true });
  }
  await mkdir(paths.assets, { recursive: true });
  await writeFile(paths.avatar, sprites.avatar);
  const work = await mkdtemp(join(tmpdir(), 'demo-character-'));
  try {
    const layers = await writeLayers(work, sprites);
    const rendered = await inPool(selected, (clip) => renderClip(cast, clip, work, font, layers));
    const byId = new Map([...(await previousManifest(cast)), ...rendered].map((entry) => [entry.id, entry]));
    const manifest = clips.flatMap((clip) => byId.get(clip.id) ?? []);
    await writeFile(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
    const total = manifest.reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(`${manifest.length} clips, ${(total / 1024 / 1024).toFixed(2)} MB of video`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();

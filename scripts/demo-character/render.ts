// Builds the ffmpeg command that composites one clip: background (by kind),
// the character's figure with its mouth and eyelids switched over time, a gentle
// motion per kind, the Japanese line in the speech bubble, and the audio.
import { BUBBLE, FIGURE, LISTEN_BUBBLE } from './sprites.ts';
import type { DemoClip } from './clips.ts';
import type { Interval } from './speech.ts';

export const FPS = 15;
/** Silence before the speech starts and after it ends (together ≈ 0.4 s). */
export const LEAD_SECONDS = 0.15;
export const TAIL_SECONDS = 0.25;
export const SILENT_SECONDS = { standby: 3, listen: 2.4 } as const;
export const TEXT = { fontSize: 18, lineHeight: 28, maxChars: 12, color: '0x3B2A4A' } as const;
export const SAMPLE_RATE = 22050;

export type SpeechPlan = {
  readonly wavPath: string;
  readonly start: number;
  readonly end: number;
  readonly mouthOpen: readonly Interval[];
};
export type ClipPlan = {
  readonly clip: DemoClip;
  readonly duration: number;
  readonly lineFiles: readonly string[];
  readonly speech: SpeechPlan | null;
  /** The name drawn in the corner (ミライ when absent). */
  readonly name?: string;
};
export type LayerFiles = {
  readonly background: string;
  readonly figure: string;
  readonly mouthClosed: string;
  readonly mouthOpen: string;
  readonly eyesClosed: string;
};

/** Rounds up to a whole number of frames so video and loop lengths are exact. */
export function frameAligned(seconds: number): number {
  return Math.ceil(seconds * FPS - 1e-6) / FPS;
}

const fixed = (n: number) => n.toFixed(3);

function anyOf(intervals: readonly Interval[]): string {
  return intervals.map(([from, to]) => `between(t,${fixed(from)},${fixed(to - 0.001)})`).join('+');
}

/** Vertical offset of the figure in pixels, as an ffmpeg expression of t. Loops return to 0 at the end. */
function motion(plan: ClipPlan): string {
  const d = fixed(plan.duration);
  switch (plan.clip.kind) {
    case 'nod':
      return `9*pow(sin(PI*min(t/${d},1)),2)`;
    case 'speech':
      return '1.5*sin(2*PI*t/1.8)';
    default:
      return `2*sin(2*PI*t/${d})`;
  }
}

function blink(plan: ClipPlan): string | null {
  const at =
    plan.clip.kind === 'standby'
      ? 1.9
      : plan.clip.kind === 'listen'
        ? plan.duration * 0.55
        : plan.duration > 2.4
          ? 1.5
          : null;
  return at === null || plan.clip.kind === 'nod' ? null : `between(t,${fixed(at)},${fixed(at + 0.14)})`;
}

/** listen clips with an even number tilt their head instead of bobbing, so the two loops differ. */
function tilts(clip: DemoClip): boolean {
  return clip.kind === 'listen' && Number(/(\d+)$/.exec(clip.id)?.[1] ?? 1) % 2 === 0;
}

function figureChain(plan: ClipPlan): string[] {
  const open = plan.speech
    ? plan.speech.mouthOpen.map(([from, to]): Interval => [from + plan.speech!.start, to + plan.speech!.start])
    : [];
  const chain =
    open.length > 0
      ? [
          `[1:v][2:v]overlay=format=rgb:enable='not(${anyOf(open)})'[m1]`,
          `[m1][3:v]overlay=format=rgb:enable='${anyOf(open)}'[m2]`,
        ]
      : ['[1:v][2:v]overlay=format=rgb[m2]'];
  const closeEyes = blink(plan);
  chain.push(closeEyes ? `[m2][4:v]overlay=format=rgb:enable='${closeEyes}'[m3]` : '[m2]null[m3]');
  chain.push(
    tilts(plan.clip)
      ? `[m3]rotate=a='0.035*sin(2*PI*t/${fixed(plan.duration)})':c=none:ow=iw:oh=ih[fig]`
      : '[m3]null[fig]',
  );
  return chain;
}

function quoted(path: string): string {
  if (/['\\:]/.test(path)) throw new Error(`path not usable in an ffmpeg filter: ${path}`);
  return `'${path}'`;
}

function textFilters(plan: ClipPlan, font: string): string[] {
  const common = `fontfile=${quoted(font)}:fontcolor=${TEXT.color}`;
  const name = plan.name ?? 'ミライ';
  if (/['\\:]/.test(name)) throw new Error(`name not usable in an ffmpeg filter: ${name}`);
  const filters = [`drawtext=${common}:text='${name}':fontsize=15:x=12:y=10:box=1:boxcolor=white@0.75:boxborderw=5`];
  const centreX = (BUBBLE.x0 + BUBBLE.x1) / 2;
  const top = (BUBBLE.y0 + BUBBLE.y1) / 2 - (plan.lineFiles.length * TEXT.lineHeight) / 2 + 4;
  plan.lineFiles.forEach((file, index) => {
    filters.push(
      `drawtext=${common}:textfile=${quoted(file)}:fontsize=${TEXT.fontSize}:x=${centreX}-text_w/2:y=${top + index * TEXT.lineHeight}`,
    );
  });
  if (plan.clip.kind === 'listen') filters.push(...listeningDots(font));
  return filters;
}

/** Three dots lighting up in turn in the small bubble: "I'm listening". Period divides the loop length. */
function listeningDots(font: string): string[] {
  const period = SILENT_SECONDS.listen / 2;
  const centreX = (LISTEN_BUBBLE.x0 + LISTEN_BUBBLE.x1) / 2;
  const centreY = (LISTEN_BUBBLE.y0 + LISTEN_BUBBLE.y1) / 2;
  return [0, 1, 2].map(
    (k) =>
      `drawtext=fontfile=${quoted(font)}:text='●':fontsize=16:fontcolor=0x6FA58A:x=${centreX + (k - 1) * 26}-text_w/2:y=${centreY}-text_h/2:enable='gte(mod(t,${period}),${fixed(((k + 1) * period) / 4)})'`,
  );
}

function audioChain(plan: ClipPlan): string {
  return plan.speech
    ? `[5:a]adelay=${Math.round(plan.speech.start * 1000)}:all=1,apad,aresample=${SAMPLE_RATE}[a]`
    : '[5:a]anull[a]';
}

export function filterGraph(plan: ClipPlan, font: string): string {
  const scene = [
    `[0:v][fig]overlay=x=${FIGURE.x}:y='${FIGURE.y}+${motion(plan)}'`,
    ...textFilters(plan, font),
    'format=yuv420p[v]',
  ].join(',');
  return [...figureChain(plan), scene, audioChain(plan)].join(';');
}

/** The full ffmpeg argument list; output flags aim at small, byte-reproducible, web-streamable files. */
export function ffmpegArgs(plan: ClipPlan, layers: LayerFiles, font: string, output: string): string[] {
  const image = (path: string) => ['-loop', '1', '-framerate', String(FPS), '-i', path];
  const audio = plan.speech ? ['-i', plan.speech.wavPath] : ['-f', 'lavfi', '-i', `anullsrc=r=${SAMPLE_RATE}:cl=mono`];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...image(layers.background),
    ...image(layers.figure),
    ...image(layers.mouthClosed),
    ...image(layers.mouthOpen),
    ...image(layers.eyesClosed),
    ...audio,
    '-filter_complex',
    filterGraph(plan, font),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    fixed(plan.duration),
    '-r',
    String(FPS),
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-level',
    '3.0',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryslow',
    '-tune',
    'animation',
    '-crf',
    '27',
    '-maxrate',
    '300k',
    '-bufsize',
    '600k',
    '-g',
    String(FPS * 2),
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
    '-movflags',
    '+faststart',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    output,
  ];
}

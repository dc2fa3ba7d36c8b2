// A demo character (Mirai, Sora), drawn as layers: the still figure, two
// mouths and closed eyes (swapped in over time by ffmpeg), a background per
// clip kind with a speech bubble, and a round avatar. Artwork space for the
// figure is 220x270 with the head centred at (110, 125). What differs from one
// character to another is its `Look` (colours, hair, accessory, backgrounds).
import { createCanvas, ellipse, encodePng, fill, hex, inEllipse, inRoundedRect, inTriangle } from './raster.ts';
import type { Box, Canvas, Pen } from './raster.ts';
import type { ClipKind } from './clips.ts';

export const FRAME = { width: 480, height: 270 } as const;
export const FIGURE = { width: 220, height: 290, x: 10, y: 4 } as const; // taller than the frame so motion never shows a gap below the shoulders
/** Where the speech bubble sits in the frame; text is centred on it. */
export const BUBBLE: Box = { x0: 234, y0: 34, x1: 472, y1: 206 };

/** What makes one demo character look like itself. Colours are #RRGGBB. */
export interface Look {
  hair: string;
  hairShine: string;
  shirt: string;
  /** Long hair falling behind the shoulders (Mirai), or short (Sora). */
  longHair: boolean;
  accessory: 'flower' | 'star';
  accent: string;
  accentCore: string;
  background: Record<ClipKind, string>;
}

export const MIRAI_LOOK: Look = {
  hair: '#4A3B6B',
  hairShine: '#6D5A96',
  shirt: '#FF8A80',
  longHair: true,
  accessory: 'flower',
  accent: '#FFD54F',
  accentCore: '#FF9800',
  background: { standby: '#EDE7F6', listen: '#DFF5EA', nod: '#FFF3DC', speech: '#E3F0FC' },
};

function colorsOf(look: Look) {
  return {
    hair: hex(look.hair),
    hairShine: hex(look.hairShine),
    skin: hex('#FFE2CF'),
    shirt: hex(look.shirt),
    collar: hex('#FFFFFF'),
    eye: hex('#3B2A4A'),
    eyeLight: hex('#FFFFFF'),
    cheek: hex('#FF8FA3', 0.45),
    lip: hex('#9B3A45'),
    mouth: hex('#7A2630'),
    tongue: hex('#EE7A8A'),
    accent: hex(look.accent),
    accentCore: hex(look.accentCore),
    bubbleEdge: hex('#B8C4D6'),
    bubble: hex('#FFFFFF', 0.97),
    decor: hex('#FFFFFF', 0.35),
  } as const;
}
type Colors = ReturnType<typeof colorsOf>;

const EYES = [86, 134] as const;

function drawBody(pen: Pen, look: Look, color: Colors): void {
  if (look.longHair)
    ellipse(pen, 110, 140, 92, 104, color.hair); // long hair behind the head
  else ellipse(pen, 110, 118, 74, 60, color.hair); // a bob ending at the jaw
  fill(pen, { x0: 96, y0: 170, x1: 124, y1: 230 }, (x, y) => x >= 97 && x <= 123 && y >= 170 && y <= 230, color.skin);
  ellipse(pen, 110, 305, 96, 86, color.shirt);
  fill(pen, { x0: 90, y0: 216, x1: 130, y1: 250 }, inTriangle([92, 218], [128, 218], [110, 246]), color.collar);
  fill(pen, { x0: 96, y0: 216, x1: 124, y1: 240 }, inTriangle([98, 218], [122, 218], [110, 236]), color.skin);
}

function drawHead(pen: Pen, look: Look, color: Colors): void {
  ellipse(pen, 110, 125, 64, 62, color.skin);
  // Bangs: the top of a hair ellipse above a scalloped edge.
  const bangsEdge = (x: number) => 90 + 12 * Math.abs(Math.sin(((x - 110) * Math.PI) / 28));
  const hairCap = inEllipse(110, 104, 72, 68);
  fill(pen, { x0: 36, y0: 34, x1: 184, y1: 104 }, (x, y) => hairCap(x, y) && y < bangsEdge(x), color.hair);
  fill(pen, { x0: 70, y0: 46, x1: 110, y1: 60 }, inEllipse(90, 53, 18, 4), color.hairShine);
  for (const cx of EYES) {
    ellipse(pen, cx, 131, 8.5, 11.5, color.eye);
    ellipse(pen, cx - 3, 126, 3.2, 3.6, color.eyeLight);
    ellipse(pen, cx + 2.5, 136, 1.6, 1.6, color.eyeLight);
    ellipse(pen, cx + (cx < 110 ? -12 : 12), 153, 10, 6, color.cheek); // cheeks sit outside the eyes
  }
  if (look.accessory === 'flower') drawFlower(pen, color, 160, 66);
  else drawStar(pen, color, 160, 62);
}

function drawFlower(pen: Pen, color: Colors, cx: number, cy: number): void {
  for (let k = 0; k < 5; k++) {
    const angle = (k * 2 * Math.PI) / 5 - Math.PI / 2;
    ellipse(pen, cx + 9 * Math.cos(angle), cy + 9 * Math.sin(angle), 7, 7, color.accent);
  }
  ellipse(pen, cx, cy, 5, 5, color.accentCore);
}

/** A five-pointed star hair pin: five triangles around a pentagon core. */
function drawStar(pen: Pen, color: Colors, cx: number, cy: number): void {
  const point = (k: number, r: number): [number, number] => {
    const angle = (k * Math.PI) / 5 - Math.PI / 2;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  };
  const box = { x0: cx - 18, y0: cy - 18, x1: cx + 18, y1: cy + 18 };
  for (let k = 0; k < 10; k += 2)
    fill(pen, box, inTriangle(point(k - 1, 7), point(k + 1, 7), point(k, 17)), color.accent);
  ellipse(pen, cx, cy, 7.5, 7.5, color.accent);
  ellipse(pen, cx, cy, 3.5, 3.5, color.accentCore);
}

export function drawFigure(pen: Pen, look: Look = MIRAI_LOOK): void {
  const colors = colorsOf(look);
  drawBody(pen, look, colors);
  drawHead(pen, look, colors);
}

/** A closed, smiling mouth: the crescent between two offset ellipses. */
export function drawMouthClosed(pen: Pen): void {
  const color = colorsOf(MIRAI_LOOK);
  const lower = inEllipse(110, 158, 10, 7);
  const upper = inEllipse(110, 155, 11.5, 7);
  fill(pen, { x0: 98, y0: 150, x1: 122, y1: 166 }, (x, y) => lower(x, y) && !upper(x, y), color.lip);
}

export function drawMouthOpen(pen: Pen): void {
  const color = colorsOf(MIRAI_LOOK);
  ellipse(pen, 110, 161, 9, 8, color.mouth);
  const mouth = inEllipse(110, 161, 9, 8);
  fill(
    pen,
    { x0: 100, y0: 160, x1: 120, y1: 170 },
    (x, y) => mouth(x, y) && inEllipse(110, 168, 7, 5)(x, y),
    color.tongue,
  );
}

/** Skin over the open eyes, with a happy closed-eye arc. */
export function drawEyesClosed(pen: Pen): void {
  const color = colorsOf(MIRAI_LOOK);
  for (const cx of EYES) {
    ellipse(pen, cx, 131, 10.5, 13.5, color.skin);
    const outer = inEllipse(cx, 134, 9, 6);
    const inner = inEllipse(cx, 136, 9, 6);
    fill(pen, { x0: cx - 10, y0: 127, x1: cx + 10, y1: 136 }, (x, y) => outer(x, y) && !inner(x, y), color.eye);
  }
}

/** A rounded bubble with a thin outline and a tail pointing at the character (the tail's base sits just under mid-height). */
function drawBubble(pen: Pen, color: Colors, box: Box, tailTip: readonly [number, number]): void {
  const edge = { x0: box.x0 - 2, y0: box.y0 - 2, x1: box.x1 + 2, y1: box.y1 + 2 };
  const top = (box.y0 + box.y1) / 2;
  const bottom = top + Math.min(28, (box.y1 - box.y0) * 0.35);
  const tail = (inset: number) =>
    inTriangle([box.x0 + 6, top + inset], [box.x0 + 6, bottom - inset], [tailTip[0] + inset * 1.6, tailTip[1]]);
  const tailBox = {
    x0: tailTip[0] - 2,
    y0: Math.min(top, tailTip[1]) - 2,
    x1: box.x0 + 8,
    y1: Math.max(bottom, tailTip[1]) + 2,
  };
  fill(pen, edge, inRoundedRect(edge, 22), color.bubbleEdge);
  fill(pen, tailBox, tail(0), color.bubbleEdge);
  fill(pen, box, inRoundedRect(box, 20), color.bubble);
  fill(pen, tailBox, tail(2.5), color.bubble);
}

export const LISTEN_BUBBLE: Box = { x0: 250, y0: 92, x1: 370, y1: 148 };

export function drawBackground(pen: Pen, kind: ClipKind, look: Look = MIRAI_LOOK): void {
  const color = colorsOf(look);
  fill(pen, { x0: 0, y0: 0, x1: FRAME.width, y1: FRAME.height }, () => true, hex(look.background[kind]));
  ellipse(pen, 420, 250, 90, 60, color.decor);
  ellipse(pen, 40, 40, 50, 50, color.decor);
  ellipse(pen, 470, 20, 40, 40, color.decor);
  if (kind === 'speech' || kind === 'nod') drawBubble(pen, color, BUBBLE, [206, 150]);
  if (kind === 'listen') drawBubble(pen, color, LISTEN_BUBBLE, [222, 134]);
}

function renderLayer(width: number, height: number, draw: (pen: Pen) => void, scale = 1, ox = 0, oy = 0): Canvas {
  const canvas = createCanvas(width, height);
  draw({ canvas, scale, ox, oy });
  return canvas;
}

/** The round avatar / poster: the character's head on the speech background, outside the circle transparent. */
function renderAvatar(size: number, look: Look): Canvas {
  const scale = size / 210; // the whole head and the top of the shoulders
  const avatar = renderLayer(size, size, (pen) => {
    fill(pen, { x0: 0, y0: 0, x1: size, y1: size }, () => true, hex(look.background.speech));
    drawFigure({ ...pen, scale, ox: size / 2 - 110 * scale, oy: size * 0.5 - 125 * scale }, look);
    drawMouthClosed({ ...pen, scale, ox: size / 2 - 110 * scale, oy: size * 0.5 - 125 * scale });
  });
  const mask = createCanvas(size, size);
  fill(
    { canvas: mask, scale: 1, ox: 0, oy: 0 },
    { x0: 0, y0: 0, x1: size, y1: size },
    inEllipse(size / 2, size / 2, size / 2, size / 2),
    hex('#000000'),
  );
  for (let i = 3; i < avatar.data.length; i += 4) avatar.data[i] = ((avatar.data[i] ?? 0) * (mask.data[i] ?? 0)) / 255;
  return avatar;
}

export type Sprites = Readonly<Record<'figure' | 'mouthClosed' | 'mouthOpen' | 'eyesClosed' | 'avatar', Buffer>> & {
  readonly background: Readonly<Record<ClipKind, Buffer>>;
};

export function renderSprites(look: Look = MIRAI_LOOK): Sprites {
  const figureLayer = (draw: (pen: Pen) => void) => encodePng(renderLayer(FIGURE.width, FIGURE.height, draw));
  const background = (kind: ClipKind) =>
    encodePng(renderLayer(FRAME.width, FRAME.height, (pen) => drawBackground(pen, kind, look)));
  return {
    figure: figureLayer((pen) => drawFigure(pen, look)),
    mouthClosed: figureLayer(drawMouthClosed),
    mouthOpen: figureLayer(drawMouthOpen),
    eyesClosed: figureLayer(drawEyesClosed),
    avatar: encodePng(renderAvatar(256, look)),
    background: {
      standby: background('standby'),
      listen: background('listen'),
      nod: background('nod'),
      speech: background('speech'),
    },
  };
}

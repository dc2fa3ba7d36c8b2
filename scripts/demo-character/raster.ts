// A tiny RGBA rasteriser and PNG encoder, so the demo character's artwork is
// drawn from code (reproducible, no image editor, no extra npm package).
import { crc32, deflateSync } from 'node:zlib';

export type Rgba = readonly [number, number, number, number];
export type Canvas = { readonly width: number; readonly height: number; readonly data: Uint8ClampedArray };
/** Maps artwork coordinates onto the canvas: pixel = art * scale + offset. */
export type Pen = { readonly canvas: Canvas; readonly scale: number; readonly ox: number; readonly oy: number };
export type Box = { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
/** Whether an artwork-space point lies inside a shape. */
export type Inside = (x: number, y: number) => boolean;

const SUBSAMPLES = 4; // 4x4 samples per pixel give smooth (anti-aliased) edges

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function hex(color: string, alpha = 1): Rgba {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

/** Source-over blend of one colour with the given coverage into pixel i. */
function blend(canvas: Canvas, i: number, color: Rgba, coverage: number): void {
  const d = canvas.data;
  const srcA = color[3] * coverage;
  const dstA = (d[i + 3] ?? 0) / 255;
  const outA = srcA + dstA * (1 - srcA);
  if (outA <= 0) return;
  for (let c = 0; c < 3; c++) {
    d[i + c] = (color[c]! * srcA + (d[i + c] ?? 0) * dstA * (1 - srcA)) / outA;
  }
  d[i + 3] = outA * 255;
}

/** Fills every pixel whose samples fall inside the shape; box bounds the shape in artwork space. */
export function fill(pen: Pen, box: Box, inside: Inside, color: Rgba): void {
  const { canvas, scale, ox, oy } = pen;
  const px0 = Math.max(0, Math.floor(box.x0 * scale + ox));
  const py0 = Math.max(0, Math.floor(box.y0 * scale + oy));
  const px1 = Math.min(canvas.width, Math.ceil(box.x1 * scale + ox));
  const py1 = Math.min(canvas.height, Math.ceil(box.y1 * scale + oy));
  for (let py = py0; py < py1; py++) {
    for (let px = px0; px < px1; px++) {
      let hits = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          const ax = (px + (sx + 0.5) / SUBSAMPLES - ox) / scale;
          const ay = (py + (sy + 0.5) / SUBSAMPLES - oy) / scale;
          if (inside(ax, ay)) hits++;
        }
      }
      if (hits > 0) blend(canvas, (py * canvas.width + px) * 4, color, hits / SUBSAMPLES ** 2);
    }
  }
}

export function inEllipse(cx: number, cy: number, rx: number, ry: number): Inside {
  return (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
}

export function ellipseBox(cx: number, cy: number, rx: number, ry: number): Box {
  return { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry };
}

export function ellipse(pen: Pen, cx: number, cy: number, rx: number, ry: number, color: Rgba): void {
  fill(pen, ellipseBox(cx, cy, rx, ry), inEllipse(cx, cy, rx, ry), color);
}

export function inRoundedRect(box: Box, r: number): Inside {
  return (x, y) => {
    if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) return false;
    const dx = Math.max(box.x0 + r - x, 0, x - (box.x1 - r));
    const dy = Math.max(box.y0 + r - y, 0, y - (box.y1 - r));
    return dx * dx + dy * dy <= r * r;
  };
}

/** Inside the triangle abc (either winding). */
export function inTriangle(
  a: readonly [number, number],
  b: readonly [number, number],
  c: readonly [number, number],
): Inside {
  const side = (p: readonly [number, number], q: readonly [number, number], x: number, y: number) =>
    (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  return (x, y) => {
    const s1 = side(a, b, x, y);
    const s2 = side(b, c, x, y);
    const s3 = side(c, a, x, y);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  };
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Encodes the canvas as an 8-bit RGBA PNG (no filtering; deflate does the work). */
export function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, default compression/filter/interlace
  const stride = canvas.width * 4;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let y = 0; y < canvas.height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(canvas.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Where the character is across the frame, so a landscape clip shown with
 * object-fit: cover on a portrait phone keeps the face in view. Characters
 * stand on a plain or soft background: the columns that differ most from the
 * frame's corners (in the upper part, where the head is) are the figure.
 * Read once from the standby poster; 50 % (the centre) when it cannot be read.
 */
const SAMPLE_WIDTH = 48;
const SAMPLE_HEIGHT = 27;
/** The head and shoulders are in the upper two thirds of a talking clip. */
const UPPER_SHARE = 2 / 3;
/** Differences below this (0–765) are the background's own texture (clouds, gradients). */
const NOISE = 60;

type Rgb = [number, number, number];

function pixel(data: Uint8ClampedArray, width: number, x: number, y: number): Rgb {
  const at = (y * width + x) * 4;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

function distance(a: Rgb, b: Rgb): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** The figure's horizontal centre in percent of the width (RGBA pixels, row by row); 50 when nothing stands out. */
export function focusOfPixels(data: Uint8ClampedArray, width: number, height: number): number {
  const corners = [
    pixel(data, width, 0, 0),
    pixel(data, width, width - 1, 0),
    pixel(data, width, 0, height - 1),
    pixel(data, width, width - 1, height - 1),
  ];
  const rows = Math.max(1, Math.round(height * UPPER_SHARE));
  let weight = 0;
  let moment = 0;
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < rows; y += 1) {
      const here = pixel(data, width, x, y);
      const difference = Math.min(...corners.map((corner) => distance(here, corner)));
      if (difference < NOISE) continue;
      weight += difference;
      moment += difference * (x + 0.5);
    }
  }
  if (weight === 0) return 50;
  return Math.round((moment / weight / width) * 100);
}

/** The focus of a loaded image (the poster), or 50 when it cannot be read (not decoded, or a cross-origin CDN without CORS). */
export function focusOfImage(image: HTMLImageElement): number {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = SAMPLE_WIDTH;
    canvas.height = SAMPLE_HEIGHT;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || !image.naturalWidth) return 50;
    context.drawImage(image, 0, 0, SAMPLE_WIDTH, SAMPLE_HEIGHT);
    return focusOfPixels(context.getImageData(0, 0, SAMPLE_WIDTH, SAMPLE_HEIGHT).data, SAMPLE_WIDTH, SAMPLE_HEIGHT);
  } catch {
    return 50;
  }
}

/**
 * The object-position (percent) that centres `focus` in a cover crop showing `visibleShare` of the frame's width:
 * object-position p puts the crop's left edge at p × (1 − visible), so p = (focus − visible / 2) / (1 − visible),
 * kept inside the frame.
 */
export function coverPositionFor(focus: number, visibleShare: number): number {
  const visible = visibleShare * 100;
  if (visible >= 100) return 50;
  const position = ((focus - visible / 2) / (100 - visible)) * 100;
  return Math.round(Math.min(100, Math.max(0, position)));
}

/**
 * Where the character stands across a landscape frame, so a clip shown with
 * object-fit: cover on a portrait phone keeps the face in view. One algorithm
 * for the two places that read it: the catalog (from the standby poster, for
 * the first HTML paint of /full/chat/{slug}) and the player (from the poster
 * it shows, when the page was opened without that). Plain TypeScript: the
 * player's chunk imports it.
 *
 * Characters stand on a plain or soft background: the columns that differ most
 * from the frame's corners (in the upper part, where the head is) are the figure.
 */

/** The poster is read at this size (RGBA): enough to find a figure, cheap to scan. */
export const FOCUS_SAMPLE = { width: 48, height: 27 } as const;
/** The head and shoulders are in the upper two thirds of a talking clip. */
const UPPER_SHARE = 2 / 3;
/** Differences below this (0–765) are the background's own texture (clouds, gradients). */
const NOISE = 60;
/** The share of a 16:9 frame's width a portrait phone shows: the clip box is 140vw tall (player.css), 1 / (1.4 × 16/9). */
export const PORTRAIT_VISIBLE_SHARE = 1 / (1.4 * (16 / 9));

type Rgb = [number, number, number];

function pixel(data: ArrayLike<number>, width: number, x: number, y: number): Rgb {
  const at = (y * width + x) * 4;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

function distance(a: Rgb, b: Rgb): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** The figure's horizontal centre in percent of the width (RGBA pixels, row by row); 50 when nothing stands out. */
export function focusOfPixels(data: ArrayLike<number>, width: number, height: number): number {
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

import { FOCUS_SAMPLE, focusOfPixels } from '@talkwith/proto/framing';

/**
 * Where the character is across the frame (proto/src/framing, the catalog's
 * framing.css reads it the same way for the first paint), read here from the
 * standby poster when the page was opened without that stylesheet (a route
 * change in the app, an operator's draft). 50 % (the centre) when it cannot be read.
 */
export { coverPositionFor, focusOfPixels, PORTRAIT_VISIBLE_SHARE } from '@talkwith/proto/framing';

/** The focus of a loaded image (the poster), or 50 when it cannot be read (not decoded, or a cross-origin CDN without CORS). */
export function focusOfImage(image: HTMLImageElement): number {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = FOCUS_SAMPLE.width;
    canvas.height = FOCUS_SAMPLE.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || !image.naturalWidth) return 50;
    context.drawImage(image, 0, 0, FOCUS_SAMPLE.width, FOCUS_SAMPLE.height);
    return focusOfPixels(
      context.getImageData(0, 0, FOCUS_SAMPLE.width, FOCUS_SAMPLE.height).data,
      FOCUS_SAMPLE.width,
      FOCUS_SAMPLE.height,
    );
  } catch {
    return 50;
  }
}

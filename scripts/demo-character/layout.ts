// Line breaking for the Japanese text in the speech bubble. Japanese has no
// spaces, so lines break after punctuation first, and long phrases are split
// at a word boundary (Intl.Segmenter) near the middle, preferring a boundary
// right after a particle or a て-form so words and bunsetsu stay whole.
const PHRASE_END = /[、。！？!?…]+/g;
const PUNCTUATION = /[、。！？!?…]/;
const PARTICLES = new Set(['は', 'が', 'を', 'に', 'で', 'と', 'へ', 'も', 'や', 'の']);
const PARTICLE_BONUS = 2;
const KATAKANA = /[ァ-ヶー]/;

const words = new Intl.Segmenter('ja', { granularity: 'word' });

function phrases(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const match of text.matchAll(PHRASE_END)) {
    const to = match.index + match[0].length;
    parts.push(text.slice(from, to));
    from = to;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** Lower is better: distance from the even split, less a bonus after a particle or て. */
function boundaryScore(position: number, previous: string, ideal: number): number {
  const natural = PARTICLES.has(previous) || previous.endsWith('て') ? PARTICLE_BONUS : 0;
  return Math.abs(position - ideal) - natural;
}

/** A hard break at the limit, moved back so the next line does not start with punctuation. */
function fallbackBreak(chars: readonly string[], maxChars: number): number {
  let position = maxChars;
  while (position > 1 && PUNCTUATION.test(chars[position] ?? '')) position--;
  return position;
}

/** Splits a phrase into lines of at most maxChars, breaking at the most natural boundary near an even split. */
function splitPhrase(phrase: string, maxChars: number): string[] {
  const length = [...phrase].length;
  if (length <= maxChars) return [phrase];
  const ideal = length / Math.ceil(length / maxChars);
  const chars = [...phrase];
  let best = { position: fallbackBreak(chars, maxChars), score: Infinity };
  let position = 0;
  for (const { segment } of words.segment(phrase)) {
    position += [...segment].length;
    if (position >= length || position > maxChars) break;
    // katakana compounds (ラッキーカラー) come back as several words: keep them on one line
    if (KATAKANA.test(chars[position - 1] ?? '') && KATAKANA.test(chars[position] ?? '')) continue;
    if (PUNCTUATION.test(chars[position] ?? '')) continue;
    const score = boundaryScore(position, segment, ideal);
    if (score < best.score) best = { position, score };
  }
  return [chars.slice(0, best.position).join(''), ...splitPhrase(chars.slice(best.position).join(''), maxChars)];
}

/** Breaks text into lines of at most maxChars; a line never starts with a punctuation mark that follows a word. */
export function wrapJapanese(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const piece of phrases(text).flatMap((phrase) => splitPhrase(phrase, maxChars))) {
    const last = lines.at(-1);
    if (last !== undefined && [...last].length + [...piece].length <= maxChars) lines[lines.length - 1] = last + piece;
    else lines.push(piece);
  }
  return lines;
}

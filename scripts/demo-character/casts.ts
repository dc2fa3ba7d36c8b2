// The demo characters the generator renders: who they are, where their clip
// list and media live, how they read their lines, look and sound.
import { fileURLToPath } from 'node:url';
import { MIRAI_READINGS, SORA_READINGS } from './readings.ts';
import { MIRAI_LOOK, type Look } from './sprites.ts';
import { VOICE_ARGS } from './speech.ts';

export interface DemoCast {
  /** What `generate.ts --character` takes. */
  key: string;
  characterId: string;
  /** Drawn in the clip's corner. */
  name: string;
  /** The folder holding clips.json and assets/ (with a trailing slash). */
  dir: string;
  /** Kana readings fed to espeak-ng, keyed by clip id. */
  readings: Readonly<Record<string, string>>;
  look: Look;
  voice: readonly string[];
}

const DEMO_DIR = fileURLToPath(new URL('../../services/dialogue-engine/demo/', import.meta.url));

/** ミライ, the free demo character. */
export const MIRAI: DemoCast = {
  key: 'mirai',
  characterId: 'demo-mirai',
  name: 'ミライ',
  dir: DEMO_DIR,
  readings: MIRAI_READINGS,
  look: MIRAI_LOOK,
  voice: VOICE_ARGS,
};

/** ソラ, the priced demo character (¥300): short teal hair, a star pin, a calmer voice. */
export const SORA: DemoCast = {
  key: 'sora',
  characterId: 'demo-sora',
  name: 'ソラ',
  dir: `${DEMO_DIR}sora/`,
  readings: SORA_READINGS,
  look: {
    hair: '#1F5F6B',
    hairShine: '#3F8A96',
    shirt: '#5C6BC0',
    longHair: false,
    accessory: 'star',
    accent: '#FFE082',
    accentCore: '#FFB300',
    background: { standby: '#E8EAF6', listen: '#E0F2F1', nod: '#FFF8E1', speech: '#E1F5FE' },
  },
  voice: ['-v', 'ja+f4', '-s', '150', '-p', '48'],
};

export const CASTS: readonly DemoCast[] = [MIRAI, SORA];

export function castNamed(key: string): DemoCast {
  const cast = CASTS.find((c) => c.key === key);
  if (!cast) throw new Error(`no demo character ${key} (one of ${CASTS.map((c) => c.key).join(', ')})`);
  return cast;
}

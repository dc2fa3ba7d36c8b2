// Regenerates services/catalog/data/sudachi-synonyms.json, the synonym
// groups the console proposes (「候補を読み込む」), from the npm package
// sudachi-synonyms-dictionary (Sudachi's synonyms.txt as JSON, Apache-2.0,
// © Works Applications). The package is 14 MB of annotated entries; the
// catalog needs only each group's headwords, so only those are vendored:
// entries marked never-expand (expandControl 2, kept by Sudachi as a
// deletion history) and Latin-only spellings (travel, trip — a Japanese
// recogniser does not write them) are left out.
// `node scripts/sudachi-synonyms.ts` (fetches the package with `npm pack` into a temporary folder).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = 'sudachi-synonyms-dictionary';
const VERSION = '18.0.0';
export const SYNONYMS_DATA_PATH = join(
  import.meta.dirname,
  '..',
  'services',
  'catalog',
  'data',
  'sudachi-synonyms.json',
);

interface SudachiItem {
  expandControl: 0 | 1 | 2;
  midashi: string;
}
interface SudachiGroup {
  id: string;
  items: SudachiItem[];
}

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{Z}\s]+$/u;

/** Each group's usable headwords (two or more, else it proposes nothing). */
export function compactGroups(groups: readonly SudachiGroup[]): string[][] {
  return groups
    .map((g) => [
      ...new Set(g.items.filter((i) => i.expandControl !== 2 && !LATIN_ONLY.test(i.midashi)).map((i) => i.midashi)),
    ])
    .filter((words) => words.length > 1);
}

if (import.meta.main) {
  const dir = mkdtempSync(join(tmpdir(), 'sudachi-'));
  try {
    execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', dir], { stdio: 'inherit' });
    execFileSync('tar', ['xzf', join(dir, `${PACKAGE}-${VERSION}.tgz`), '-C', dir]);
    const groups = JSON.parse(readFileSync(join(dir, 'package', `${PACKAGE}.json`), 'utf8')) as SudachiGroup[];
    const data = {
      source: {
        package: PACKAGE,
        version: VERSION,
        license: 'Apache-2.0',
        copyright: 'Works Applications Co., Ltd. (SudachiDict synonyms)',
      },
      groups: compactGroups(groups),
    };
    writeFileSync(SYNONYMS_DATA_PATH, `${JSON.stringify(data)}\n`);
    console.log(`wrote ${SYNONYMS_DATA_PATH}: ${data.groups.length} groups`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

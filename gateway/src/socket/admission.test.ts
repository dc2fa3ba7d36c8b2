import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMaxOpenSockets, openFileLimit } from './admission.ts';

describe('socket admission', () => {
  it('openFileLimit, a /proc limits file, reads the soft open-file limit', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'limits-')), 'limits');
    await writeFile(
      file,
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n',
    );

    expect(openFileLimit(file)).toBe(1024);
    expect(openFileLimit(join(file, 'missing'))).toBeNull();
  });

  it('defaultMaxOpenSockets, a known or unknown file limit, leaves a quarter of the descriptors free', () => {
    expect(defaultMaxOpenSockets(1024)).toBe(768);
    expect(defaultMaxOpenSockets(65_536)).toBe(49_152);
    expect(defaultMaxOpenSockets(null)).toBe(768);
  });
});

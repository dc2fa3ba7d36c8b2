import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DocumentIndex, type IndexSnapshot } from './document-index.ts';

const SNAPSHOT_SUFFIX = '.index.json';

/** Every index snapshotted under `dir`, keyed by index name. */
export async function loadSnapshots(dir: string): Promise<Map<string, DocumentIndex>> {
  await mkdir(dir, { recursive: true });
  const indexes = new Map<string, DocumentIndex>();
  for (const name of await readdir(dir)) {
    if (!name.endsWith(SNAPSHOT_SUFFIX)) continue;
    const snapshot = JSON.parse(await readFile(join(dir, name), 'utf8')) as IndexSnapshot;
    indexes.set(name.slice(0, -SNAPSHOT_SUFFIX.length), DocumentIndex.restore(snapshot));
  }
  return indexes;
}

/**
 * Writes one JSON snapshot per index via temp file + rename, so a crash never
 * leaves a half-written snapshot. Writes of one index are serialised and
 * coalesced: a caller resolves once a snapshot taken after its change is on disk.
 */
export class SnapshotWriter {
  private readonly dir: string;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(dir: string) {
    this.dir = dir;
  }

  write(name: string, current: () => DocumentIndex | undefined): Promise<void> {
    const queued = this.pending.get(name);
    if (queued) return queued;
    const previous = this.chains.get(name) ?? Promise.resolve();
    const next = previous.then(() => {
      this.pending.delete(name);
      return this.writeNow(name, current());
    });
    this.pending.set(name, next);
    this.chains.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  }

  async flush(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  private async writeNow(name: string, index: DocumentIndex | undefined): Promise<void> {
    const target = join(this.dir, name + SNAPSHOT_SUFFIX);
    if (!index) {
      await rm(target, { force: true });
      return;
    }
    const temp = join(this.dir, `.${name}.${randomUUID()}.tmp`);
    await writeFile(temp, JSON.stringify(index.toSnapshot()), { flush: true });
    await rename(temp, target);
  }
}

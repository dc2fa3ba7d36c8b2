/** One process owns a store directory: a LOCK file holding the owner's pid. */
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors/index.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function createLock(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.sync();
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Takes the lock, replacing a stale one left by a dead process; returns its release function. */
export async function acquireDirLock(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'LOCK');
  if (!(await createLock(path))) {
    const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new AppError('UNAVAILABLE', `store directory ${dir} is already open in process ${owner}`);
    }
    await unlink(path).catch(() => undefined);
    if (!(await createLock(path))) throw new AppError('UNAVAILABLE', `store directory ${dir} was locked by another process while opening`);
  }
  return async () => {
    await unlink(path).catch(() => undefined);
  };
}

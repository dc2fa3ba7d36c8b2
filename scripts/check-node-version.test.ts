import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHECK = fileURLToPath(new URL('./check-node-version.mjs', import.meta.url));
const ROOT_PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));

function majorOf(nodeBinary: string): number {
  const run = spawnSync(nodeBinary, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return run.status === 0 ? Number(run.stdout.split('.')[0]) : Number.NaN;
}

/** A Node older than 24 on this machine (the system one, typically), or undefined. */
function findOlderNode(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node'));
  const candidates = [...new Set([...onPath, '/usr/bin/node', '/usr/local/bin/node'])].filter((file) =>
    existsSync(file),
  );
  return candidates.find((file) => majorOf(file) < 24);
}

const olderNode = findOlderNode();
if (!olderNode)
  console.warn('SKIPPED: no Node older than 24 on this machine; the old-Node start-up message is untested here');

describe('npm start version check', () => {
  it.skipIf(!olderNode)(
    'check-node-version, run by an older Node, prints one line naming Node 24 and how to get it, and exits 1',
    () => {
      const run = spawnSync(olderNode!, [CHECK], { encoding: 'utf8' });

      const lines = run.stderr.trim().split('\n');
      expect(run.status).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^TALK WITH needs Node\.js 24 or newer \(you have v\d+\.\d+\.\d+\)/);
      expect(lines[0]).toContain('run npm install');
      expect(lines[0]).toContain('nvm install 24');
      expect(run.stdout).toBe('');
    },
  );

  it('check-node-version, run by this Node 24, passes silently', () => {
    const run = spawnSync(process.execPath, [CHECK], { encoding: 'utf8' });

    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe('');
  });

  it('npm start script, read from package.json, checks the Node version before loading any TypeScript', () => {
    const start = (JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { scripts: { start: string } }).scripts.start;

    expect(start.startsWith('node scripts/check-node-version.mjs && ')).toBe(true);
    expect(start).toContain('npm run build --workspace web');
  });

  it('node dev dependency, installed by npm install, is the Node 24 npm scripts run', () => {
    const bin = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));

    expect(majorOf(bin)).toBeGreaterThanOrEqual(24);
  });

  it('npm test script, read from package.json, checks the Node version and the OS programs first', () => {
    const scripts = (JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { scripts: Record<string, string> }).scripts;

    expect(scripts.pretest).toBe('node scripts/check-node-version.mjs && bash scripts/test-preflight.sh');
  });
});

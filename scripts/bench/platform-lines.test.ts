import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BASELINE_REVISION, countCodeLines, countPlatformLinesAt, isTestCode } from './platform-lines.ts';

function hasRevision(revision: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${revision}^{commit}`], { cwd: import.meta.dirname, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const baselinePresent = hasRevision(BASELINE_REVISION);
if (!baselinePresent)
  console.warn(`SKIPPED: commit ${BASELINE_REVISION} is not in this clone; counting at a revision is untested here`);

describe('platform lines', () => {
  it('countCodeLines, a file with blank lines and every kind of comment, counts only lines holding code', () => {
    const source = [
      '// a line comment',
      '/**',
      ' * JSDoc',
      ' */',
      "import { a } from './a.ts';",
      '',
      '   ',
      '/* one-line block */',
      '/* block */ const b = 1;',
      "const url = 'http://example.com/*'; // trailing comment",
      '/* opens',
      '   closes */ call();',
      '}',
    ].join('\n');

    expect(countCodeLines(source)).toBe(5);
  });

  it('isTestCode, tests, contract suites, test servers, helpers and fixtures, is true', () => {
    const testPaths = [
      'jobs/local.test.ts',
      'store/contract-queries.ts',
      'jobs/contract.ts',
      'files/s3-test-server.ts',
      'platform/test-service.ts',
      'testing/index.ts',
      'bus/fixtures/hanging-consumer.ts',
    ];

    expect(testPaths.filter((p) => !isTestCode(p))).toEqual([]);
  });

  it('isTestCode, adapter and port sources, is false', () => {
    const sourcePaths = [
      'jobs/local.ts',
      'store/sqlite-collection.ts',
      'files/serve-store.ts',
      'ports/store.ts',
      'index.ts',
    ];

    expect(sourcePaths.filter((p) => isTestCode(p))).toEqual([]);
  });

  it.skipIf(!baselinePresent)(
    `countPlatformLinesAt, the issue's starting commit ${BASELINE_REVISION}, counts what that commit holds`,
    () => {
      expect(countPlatformLinesAt(BASELINE_REVISION)).toBe(4382);
    },
  );

  it.skipIf(!baselinePresent)('countPlatformLinesAt, an unknown revision, throws', () => {
    expect(() => countPlatformLinesAt('no-such-revision-0000')).toThrow();
  });
});

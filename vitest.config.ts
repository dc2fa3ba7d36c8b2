import { defineConfig } from 'vitest/config';

// One runner for the whole repository. The web client's component tests run
// in jsdom (their own project, configured in web/vitest.config.ts); everything
// else runs in Node. End-to-end browser tests live in test/e2e.
//
// `npm test` (scripts/test-stages.ts) runs its projects in stages, which runs
// go side by side and how many files each takes at a time set there: `node`
// (in-process tests; its files share their worker's module cache), `web`,
// `serial` (each file starts a fleet of processes) and `e2e`.

/** Tests that start other processes (a standalone gateway, the distributed topology, a killed worker). */
const PROCESS_TESTS = [
  'test/distributed/**/*.test.ts',
  'gateway/src/standalone.test.ts',
  'services/platform/src/bus/outbox-crash.test.ts',
  'services/platform/src/bus/redis-recovery.test.ts',
  'services/platform/src/store/crash.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'proto/**/*.test.ts',
            'services/**/*.test.ts',
            'gateway/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'test/e2e/**/*.e2e.test.ts', ...PROCESS_TESTS],
          // Prints once which engines the contract suites run on (testcontainers when Docker is present, else skipped).
          globalSetup: ['services/platform/src/testing/engines-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'serial',
          environment: 'node',
          include: PROCESS_TESTS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Headless Chromium against the built client: web/dist is built once
        // for the run (global-setup.ts), never by a file while others serve it.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page's data comes through the standalone's API while two other browser files load the same two cores:
          // expect.poll's default second is not enough (a console breadcrumb stayed on its placeholder past it).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      'web/vitest.config.ts',
    ],
  },
});

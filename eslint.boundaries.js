// @ts-check
// Architecture boundaries (DESIGN.md §1, §5), enforced by lint so a reach
// across them fails `npm run lint` instead of waiting for a review.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import importX from 'eslint-plugin-import-x';

const root = import.meta.dirname;

/** The six business services; each is a package the gateway mounts and nothing else imports. */
const SERVICES = ['identity', 'catalog', 'dialogue', 'billing', 'engagement', 'logging'];

/**
 * Which workspace packages (@talkwith/<name>) each part may import. A service
 * reaches another only through events (proto/), never through its code; the
 * dialogue engine is a pure library shared by the catalog, the dialogue
 * service and the web player (DESIGN.md §1), so it is allowed where they are.
 */
const WORKSPACE_IMPORTS = [
  { files: ['proto/**'], allowed: [] },
  { files: ['services/platform/**', 'services/dialogue-engine/**'], allowed: ['proto'] },
  { files: SERVICES.map((name) => `services/${name}/**`), allowed: ['platform', 'proto', 'dialogue-engine'] },
  // The gateway mounts the services: their package roots only, never a file inside them.
  { files: ['gateway/**'], allowed: ['platform', 'proto'], roots: SERVICES },
  // The server's understanding (kuromoji, hundreds of MB) never reaches the player's bundle.
  { files: ['web/**'], allowed: ['proto', 'dialogue-engine'], serverOnly: ['dialogue-engine/understanding'] },
];

/** Test files and tooling may use the root's devDependencies (vitest, fast-check, ...); shipped code may not. */
const DEV_FILES = [
  '**/*test*.{ts,tsx}',
  '**/testing/**',
  '**/test/**',
  '**/fixtures/**',
  '**/contract*.ts',
  'scripts/**',
  'web/scripts/**',
  '*.config.{js,ts}',
  'web/*.config.ts',
  'eslint.*.js',
  // The dialogue engine's property-test generators (fast-check), also driven by the engine benchmark.
  'services/dialogue-engine/src/random-*.ts',
];

/** The workspaces: each imports another only by its package name, never by a relative path into it. */
const WORKSPACE_FILES = ['proto/**', 'services/**', 'gateway/**', 'web/**'];

/** Matches every @talkwith/ import that is not allowed: subpaths of `allowed`, package roots only of `roots`. */
function forbiddenWorkspaceImport({ allowed, roots = [] }) {
  const withSubpaths = allowed.length > 0 ? `(?:${allowed.join('|')})(?:/|$)` : null;
  const rootsOnly = roots.length > 0 ? `(?:${roots.join('|')})$` : null;
  const permitted = [withSubpaths, rootsOnly].filter(Boolean).join('|');
  return permitted ? `^@talkwith/(?!${permitted})` : '^@talkwith/';
}

function workspaceImportRules() {
  return WORKSPACE_IMPORTS.map((part) => ({
    files: part.files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: forbiddenWorkspaceImport(part),
              message: `not a dependency this part may have (eslint.boundaries.js): allowed ${[...part.allowed, ...(part.roots ?? [])].map((n) => `@talkwith/${n}`).join(', ') || 'none'}`,
            },
            ...(part.serverOnly ?? []).map((name) => ({
              regex: `^@talkwith/${name}(?:/|$)`,
              message: `@talkwith/${name} runs on the server only (eslint.boundaries.js)`,
            })),
          ],
        },
      ],
    },
  }));
}

/** Web feature folders import each other only through the shared layer (app/, api/, i18n/, test/). */
function webFeatureZones() {
  const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const message = 'a feature imports another only through the shared layer (web/src/app, api, i18n)';
  return [
    ...features.map((name) => ({
      target: `web/src/features/${name}`,
      from: 'web/src/features',
      except: [`./${name}`],
      message,
    })),
    {
      target: ['web/src/api', 'web/src/i18n'],
      from: 'web/src/features',
      message: 'the shared layer does not depend on features',
    },
  ];
}

/** Every workspace declares what it imports (the root's package.json only adds devDependencies for tests and tooling). */
const declaredDependencies = {
  files: ['**/*.{ts,tsx,js}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.d.ts'] })],
  },
  rules: {
    'import-x/no-extraneous-dependencies': [
      'error',
      { packageDir: [root], devDependencies: DEV_FILES, includeTypes: true },
    ],
  },
};

const packageImportsOnly = {
  files: WORKSPACE_FILES,
  rules: {
    'import-x/no-relative-packages': 'error',
    'import-x/no-restricted-paths': ['error', { basePath: root, zones: webFeatureZones() }],
  },
};

export const boundaries = [declaredDependencies, packageImportsOnly, ...workspaceImportRules()];

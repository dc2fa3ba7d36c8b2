import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rules of eslint.boundaries.js, run on one-line sources placed where a
// boundary would be crossed: each case names the rule that must refuse it.
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('architecture boundaries', () => {
  it('service import, another service package, is refused', async () => {
    expect(await rulesBroken('services/billing/src/probe.ts', "import '@talkwith/identity';")).toContain(
      'no-restricted-imports',
    );
  });

  it('service import, a relative path into another service, is refused', async () => {
    expect(await rulesBroken('services/billing/src/probe.ts', "import '../../catalog/src/characters.ts';")).toContain(
      'import-x/no-relative-packages',
    );
  });

  it('service import, platform, proto and its own files, passes', async () => {
    const code = "import '@talkwith/platform/http';\nimport '@talkwith/proto/events';\nimport './wallets.ts';";
    expect(await rulesBroken('services/billing/src/probe.ts', code)).toEqual([]);
  });

  it('workspace import, an npm package it does not declare, is refused', async () => {
    expect(await rulesBroken('services/billing/src/probe.ts', "import 'ioredis';")).toContain(
      'import-x/no-extraneous-dependencies',
    );
  });

  it('shipped code import, a root devDependency, is refused', async () => {
    expect(await rulesBroken('services/billing/src/probe.ts', "import 'vitest';")).toContain(
      'import-x/no-extraneous-dependencies',
    );
  });

  it('platform and proto import, a service package, is refused', async () => {
    expect(await rulesBroken('services/platform/src/probe.ts', "import '@talkwith/identity';")).toContain(
      'no-restricted-imports',
    );
    expect(await rulesBroken('proto/src/probe.ts', "import '@talkwith/platform';")).toContain('no-restricted-imports');
  });

  it('gateway import, a service package root, passes', async () => {
    expect(await rulesBroken('gateway/src/probe.ts', "import '@talkwith/identity';")).toEqual([]);
  });

  it('gateway import, a file inside a service, is refused', async () => {
    expect(await rulesBroken('gateway/src/probe.ts', "import '../../services/identity/src/plugin.ts';")).toContain(
      'import-x/no-relative-packages',
    );
  });

  it('web import, the server-only understanding (kuromoji), is refused; the engine itself passes', async () => {
    expect(
      await rulesBroken('web/src/features/player/probe.ts', "import '@talkwith/dialogue-engine/understanding';"),
    ).toContain('no-restricted-imports');
    expect(await rulesBroken('web/src/features/player/probe.ts', "import '@talkwith/dialogue-engine';")).toEqual([]);
  });

  it('web feature import, another feature, is refused', async () => {
    expect(await rulesBroken('web/src/features/home/probe.ts', "import '../auth/authSlice.ts';")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('web feature import, the shared layer, passes', async () => {
    expect(
      await rulesBroken('web/src/features/home/probe.ts', "import '../../app/hooks.ts';\nimport '../../api/index.ts';"),
    ).toEqual([]);
  });
});

describe('typed requests', () => {
  it('service route, a cast of request.params, is refused', async () => {
    const code =
      'declare const request: { params: unknown };\nexport const id = (request.params as { id: string }).id;';
    expect(await rulesBroken('services/catalog/src/probe.ts', code)).toContain('no-restricted-syntax');
  });
});

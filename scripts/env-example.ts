// Prints the .env.example the configuration schema implies; `--write` writes it,
// `--check` exits 1 naming every variable that .env.example does not list.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeConfig } from '@talkwith/platform';
// The schema file itself, not the platform package: this script must not load the adapters.
import { platformConfigSchema } from '../services/platform/src/platform/config.ts';

export const ENV_EXAMPLE = fileURLToPath(new URL('../.env.example', import.meta.url));

const HEADER = `# TALK WITH configuration. Every variable is optional for \`npm start\` (standalone):
# unset adapter URLs mean the embedded adapter. Generated from the schema in
# services/platform/src/platform/config.ts by \`node scripts/env-example.ts --write\`.
`;

export function expectedEnvExample(): string {
  return `${HEADER}\n${describeConfig(platformConfigSchema).join('\n\n')}\n`;
}

/** Variables of the schema that a .env.example text does not list as `NAME=`. */
export function missingVariables(text: string): string[] {
  const listed = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  return Object.keys(platformConfigSchema.properties).filter((name) => !listed.has(name));
}

if (import.meta.main) {
  if (process.argv.includes('--write')) writeFileSync(ENV_EXAMPLE, expectedEnvExample());
  else if (process.argv.includes('--check')) {
    const missing = missingVariables(readFileSync(ENV_EXAMPLE, 'utf8'));
    if (missing.length > 0) {
      console.error(`.env.example does not list: ${missing.join(', ')}`);
      process.exit(1);
    }
  } else process.stdout.write(expectedEnvExample());
}

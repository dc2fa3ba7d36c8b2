// npm run admin:create -- --email <address> [--standalone]
//
// Creates the first admin, or gives an existing account the admin role
// (idempotent: running it again changes nothing). The password comes from
// ADMIN_PASSWORD, or is asked for when stdin is a terminal. It writes to
// identity's store through identity's own code, with the same environment
// identity runs with (STORE_URL, or DATA_DIR for the embedded store: then run
// it while identity is stopped — the embedded store belongs to one process).
// --standalone: the data of `npm start` (DATA_DIR/standalone) instead of the
// identity service's (DATA_DIR/identity).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ensureAdmin } from '@talkwith/identity';
import { ConfigError } from '@talkwith/platform';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';

async function passwordFrom(env: NodeJS.ProcessEnv): Promise<string> {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new ConfigError(['ADMIN_PASSWORD: required (no terminal to ask on)']);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question('Password for the admin account: ');
  } finally {
    prompt.close();
  }
}

export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, standalone: { type: 'boolean', default: false } },
  });
  if (!values.email) throw new ConfigError(['--email: required (npm run admin:create -- --email you@example.com)']);
  const password = await passwordFrom(env);
  const config = loadPlatformConfig(env);
  const platform = await createPlatform(config, values.standalone ? {} : { serviceName: 'identity' });
  try {
    const outcome = await ensureAdmin(platform, config, env, values.email, password);
    return `${values.email}: ${outcome}`;
  } finally {
    await closePlatform(platform);
  }
}

if (import.meta.main) {
  try {
    console.log(await adminCreate(process.argv.slice(2), process.env));
  } catch (err) {
    console.error(`admin:create: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

// `npm start`: the gateway and all six services in one process on embedded
// adapters (unless adapter URLs are set), data under DATA_DIR.
import { closeOnSignals } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig, type PlatformConfig } from '@talkwith/platform/platform';
import { seedDemoTaxonomy } from '@talkwith/catalog';
import { seedFirstAdmin } from '@talkwith/identity';
import { buildGateway } from './app.ts';
import { checkStandaloneConfig, loadGatewayConfig } from './config.ts';
import { ensureStandaloneSecrets } from './secrets.ts';

/** Every part's variables (platform, gateway, each service) are checked before anything starts. */
function loadOrExit(): PlatformConfig {
  try {
    checkStandaloneConfig(process.env);
    return loadPlatformConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

const started = Date.now();
const { env, generated } = await ensureStandaloneSecrets(process.env, loadOrExit().DATA_DIR);
// From here on every part loads its configuration from `env`, which holds the generated secrets.
const config = loadPlatformConfig(env);
const { ADMIN_PATH_PREFIX } = loadGatewayConfig(env);
const platform = await createPlatform(config);
const app = await buildGateway({ config, env, platform });
closeOnSignals(app, { afterClose: () => closePlatform(platform) });
await app.listen({ port: config.PORT, host: config.HOST });
const admin = await seedFirstAdmin(platform, config, env);
// The demo characters (seeded by the catalog as it started) listed under a demo category, on a store without one.
await seedDemoTaxonomy(platform);

const port = (app.server.address() as { port: number }).port;
const url = (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
// The operator's first questions: where do I talk, where do I administer. The
// console's secret first path segment is the admin prefix (web AdminGate).
console.log(`TALK WITH is running at ${url} (started in ${Date.now() - started} ms, data in ${config.DATA_DIR})`);
console.log(`  Talk with the demo character: ${url}/full/select_chat`);
console.log(
  `  Admin console (keep this address secret): ${url}/${ADMIN_PATH_PREFIX}/ — its API is under /api/${ADMIN_PATH_PREFIX}/`,
);
if (generated) console.log(`  The admin prefix was generated and stored in ${config.DATA_DIR}/secrets.json`);
// Printed once, on stdout only (never through the logger): the password is stored hashed.
if (admin)
  console.log(`First admin account: ${admin.email} / ${admin.password} (shown once; change it after logging in)`);

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, WEB_DIR } from './server.ts';

/**
 * Builds web/dist once, before any end-to-end file starts. Each file used to
 * build in its own beforeAll; with files running side by side, one file's
 * build emptied dist while another file's browser was loading chunks from it,
 * and the lazy admin and player chunks failed in CI. E2E_BUILD_WEB=0 reuses an
 * existing dist (for quick reruns).
 */
export default function setup(): void {
  if (process.env.E2E_BUILD_WEB === '0' && existsSync(join(WEB_DIR, 'dist', 'index.html'))) return;
  buildWeb();
}

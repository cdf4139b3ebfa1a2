import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the tests that run `main.ts` as its own process share (production start, SIGTERM under
 * load, two instances on one database).
 */

/** The repository root (the child's working directory). */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `node` arguments that run the server's source main.ts (tsx, the workspace's source condition). */
export const MAIN_ARGS = ['--conditions=@loyalty/source', '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')];

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

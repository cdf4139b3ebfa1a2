#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (scripts/build.mjs, ADR 0011),
 * then runs the built server in this same process, exactly as `node apps/server/dist/main.js`
 * would (same environment, banner and signal handling; one process, so SIGTERM reaches it).
 */
import { build } from './build.mjs';

try {
  await build();
} catch (err) {
  process.stderr.write(`build failed: ${err.message}\n`);
  process.exit(1);
}
await import('../apps/server/dist/main.js');

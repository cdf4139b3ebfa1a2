#!/usr/bin/env node
/**
 * `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev server (port
 * 5173, proxying /api to the API). Ctrl-C stops both. Both run the workspace packages from
 * their TypeScript sources (the `@loyalty/source` export condition, ADR 0011): no build needed.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=@loyalty/source', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@loyalty/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

#!/usr/bin/env node
/**
 * `npm run bench:start`: how long the built server takes from `node apps/server/dist/main.js`
 * to a 200 from GET /healthz on the embedded database, on a fresh DATA_DIR (migrations and
 * the demo seed included) and on an existing one. Builds what is stale first (not timed),
 * then starts the server RUNS times (default 5) per case, each on a free port, and prints every
 * run and the median in milliseconds. On Linux it also prints the CPU time the server had used
 * when it answered (user + system, from /proc): unlike the wall time, that barely depends on
 * what else the machine is running.
 *
 *   node scripts/start-time.mjs [--runs 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, build } from './build.mjs';

const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const TIMEOUT_MS = 60_000;
/** USER_HZ, the unit of /proc/<pid>/stat times: 100 on Linux. */
const CLOCK_TICKS = 100;

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Median of a non-empty list of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** CPU time (user + system, ms) process `pid` has used so far; null where /proc is missing. */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Starts the built server on the embedded database in `dataDir`, resolves with
 * `{ wall, cpu }`: the milliseconds from spawn to the first 200 of /healthz and the server's
 * CPU time at that moment (null off Linux); then stops it (SIGTERM) and waits for it to exit.
 * Rejects when the server exits first or takes longer than a minute.
 */
export async function timeStart(dataDir) {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
      if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`no healthy answer within ${TIMEOUT_MS} ms: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return { wall: performance.now() - t0, cpu: cpuMs(child.pid) };
      } catch {
        /* not listening yet */
      }
      await sleep(10);
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** Times `runs` starts per case; returns `{ fresh, existing }`, lists of `{ wall, cpu }` in ms. */
export async function measure(runs) {
  const root = mkdtempSync(path.join(tmpdir(), 'loyalty-start-'));
  try {
    const fresh = [];
    for (let i = 0; i < runs; i++) fresh.push(await timeStart(path.join(root, `fresh-${i}`)));
    // The last fresh folder now holds a migrated, seeded database: the existing case.
    const existingDir = path.join(root, `fresh-${runs - 1}`);
    const existing = [];
    for (let i = 0; i < runs; i++) existing.push(await timeStart(existingDir));
    return { fresh, existing };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts/start-time.mjs')) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  await build();
  const { fresh, existing } = await measure(runs);
  const line = (label, xs) => {
    const wall = xs.map((x) => x.wall);
    const cpu = xs.every((x) => x.cpu !== null) ? xs.map((x) => x.cpu) : null;
    const runsOf = (ys) => ys.map((y) => Math.round(y)).join(', ');
    return (
      `  ${label} median ${Math.round(median(wall))} ms  (runs: ${runsOf(wall)})` +
      (cpu ? `; CPU time median ${Math.round(median(cpu))} ms (runs: ${runsOf(cpu)})` : '') +
      '\n'
    );
  };
  process.stdout.write(
    `start to healthy (node apps/server/dist/main.js, embedded database, node ${process.version}, load average ${loadavg()[0].toFixed(1)})\n` +
      line('fresh DATA_DIR:   ', fresh) +
      line('existing DATA_DIR:', existing),
  );
}

#!/usr/bin/env node
/**
 * The production build (ADR 0011): `contract`, `domain` and the server compiled by tsc to their
 * dist/ folders, the web app bundled by Vite to apps/web/dist.
 *
 *   node scripts/build.mjs                  build what is missing or older than its sources
 *                                           (`npm start` runs this first)
 *   node scripts/build.mjs --force          build everything (`npm run build`)
 *   node scripts/build.mjs [--force] server build the named targets and, if stale, what they
 *                                           depend on (contract, domain, server, web)
 *
 * A target is stale when its output is missing, when a file of its inputs (sources, package.json,
 * tsconfig, lock file...) is newer than its stamp, or when a target it depends on was built after
 * it. Stamps live in node_modules/.cache/loyalty-build/ (so `npm ci` starts afresh) and carry
 * the time the build started, so a file saved during a build makes the next run build again.
 * Each target is built into a sibling `.dist-tmp` folder and swapped in only when it succeeded:
 * a failed build keeps the previous dist, and a server already running from dist/ is not left
 * without its files. A lock folder keeps two builds (two `npm start`s, an e2e run) apart.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the folder above scripts/). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules/.cache/loyalty-build');
const LOCK = path.join(CACHE, 'lock');
const TMP = '.dist-tmp';
const OLD = '.dist-old';

/** Runs `node <script> ...args` in `cwd`, inheriting stdio; throws when it fails. */
function runNode(script, args, cwd) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
}

/** Compiles `<dir>/tsconfig.build.json` into `out` with the workspace's TypeScript. */
function tsc(dir, out) {
  const bin = createRequire(path.join(ROOT, dir, 'package.json')).resolve('typescript/bin/tsc');
  runNode(bin, ['-p', 'tsconfig.build.json', '--outDir', out], path.join(ROOT, dir));
}

/**
 * The build targets in build order. `inputs` are paths relative to `dir` (folders are walked,
 * test files skipped), `deps` the targets whose dist/ this one compiles against, `outputs` files
 * that must exist in dist/ for it to count as built, `build(out)` writes the target into `out`.
 */
export const TARGETS = [
  {
    name: 'contract',
    dir: 'packages/contract',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', '../../tsconfig.base.json', '../../package-lock.json'],
    deps: [],
    outputs: ['index.js', 'index.d.ts'],
    build: (out) => tsc('packages/contract', out),
  },
  {
    name: 'domain',
    dir: 'packages/domain',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', '../../tsconfig.base.json', '../../package-lock.json'],
    deps: ['contract'],
    outputs: ['index.js', 'index.d.ts'],
    build: (out) => tsc('packages/domain', out),
  },
  {
    name: 'server',
    dir: 'apps/server',
    // src/ includes src/db/migrations, read at run time from dist/db/migrations.
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', '../../tsconfig.base.json', '../../package-lock.json'],
    deps: ['contract', 'domain'],
    outputs: ['main.js', 'db/migrations/meta/_journal.json'],
    build: (out) => {
      tsc('apps/server', out);
      fs.cpSync(path.join(ROOT, 'apps/server/src/db/migrations'), path.join(ROOT, 'apps/server', out, 'db/migrations'), { recursive: true });
    },
  },
  {
    name: 'web',
    dir: 'apps/web',
    // Vite bundles contract and domain from their sources (the @loyalty/source condition).
    inputs: [
      'src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json',
      '../../packages/contract/src', '../../packages/domain/src', '../../package-lock.json',
    ],
    deps: [],
    outputs: ['index.html'],
    build: (out) => {
      const pkg = createRequire(path.join(ROOT, 'apps/web/package.json')).resolve('vite/package.json');
      runNode(path.join(path.dirname(pkg), 'bin/vite.js'), ['build', '--outDir', out, '--emptyOutDir'], path.join(ROOT, 'apps/web'));
    },
  },
];

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * Newest modification time (ms) among `paths` and everything below the folders among them:
 * files (test files excepted) and the folders themselves, whose time changes when an entry is
 * added, removed or renamed (so deleting a source file counts as a change). Missing paths are
 * ignored. Returns `{ mtime, file }` (file null when none).
 */
export function newestInput(paths) {
  let newest = { mtime: 0, file: null };
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory() || !TEST_FILE.test(p)) {
      if (st.mtimeMs > newest.mtime) newest = { mtime: st.mtimeMs, file: p };
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Path of `target`'s stamp file. */
function stampPath(target) {
  return path.join(CACHE, `${target.name}.stamp`);
}

/** Modification time (ms) of `target`'s stamp, 0 when it has never been built. */
export function stampTime(target) {
  try {
    return fs.statSync(stampPath(target)).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Why `target` needs a build, or null when its dist/ is up to date: a missing output, an
 * input newer than the stamp, or a dependency built after it.
 */
export function staleReason(target) {
  const stamp = stampTime(target);
  if (!stamp) return 'never built';
  const dist = path.join(ROOT, target.dir, 'dist');
  const missing = target.outputs.find((f) => !fs.existsSync(path.join(dist, f)));
  if (missing) return `dist/${missing} missing`;
  const newest = newestInput(target.inputs.map((p) => path.join(ROOT, target.dir, p)));
  if (newest.mtime > stamp) return `${path.relative(ROOT, newest.file)} changed`;
  for (const dep of target.deps) {
    const t = TARGETS.find((x) => x.name === dep);
    if (stampTime(t) > stamp) return `${dep} was rebuilt`;
  }
  return null;
}

/**
 * Builds `target` into `<dir>/.dist-tmp`, swaps it in for `<dir>/dist` and writes the stamp
 * dated at the build's start. The previous dist/ stays when the build throws.
 */
export function buildTarget(target) {
  const started = new Date();
  const base = path.join(ROOT, target.dir);
  const tmp = path.join(base, TMP);
  const old = path.join(base, OLD);
  const dist = path.join(base, 'dist');
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(old, { recursive: true, force: true });
  try {
    target.build(TMP);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  if (fs.existsSync(dist)) fs.renameSync(dist, old);
  fs.renameSync(tmp, dist);
  fs.rmSync(old, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(stampPath(target), `${started.toISOString()}\n`);
  fs.utimesSync(stampPath(target), started, started);
}

/** Whether a process with this pid is alive. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Takes the build lock (a folder holding the owner's pid), waiting while another live
 * process holds it; a lock whose owner has died is taken over. Returns the release function.
 */
export async function acquireLock() {
  fs.mkdirSync(CACHE, { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    } catch {
      /* being written or removed: look again */
    }
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      process.stdout.write(`build: waiting for another build (pid ${owner || '?'}; if none runs, remove ${path.relative(ROOT, LOCK)})\n`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Targets to consider for `names` (all when empty), with what they depend on, in build order.
 */
export function selectTargets(names) {
  const unknown = names.filter((n) => !TARGETS.some((t) => t.name === n));
  if (unknown.length) throw new Error(`unknown build target ${unknown.join(', ')} (known: ${TARGETS.map((t) => t.name).join(', ')})`);
  if (!names.length) return TARGETS;
  const wanted = new Set();
  const add = (n) => {
    if (wanted.has(n)) return;
    wanted.add(n);
    for (const d of TARGETS.find((t) => t.name === n).deps) add(d);
  };
  names.forEach(add);
  return TARGETS.filter((t) => wanted.has(t.name));
}

/**
 * Builds the selected targets: with `force`, the named ones (all by default) unconditionally
 * and their dependencies when stale; otherwise only the stale ones. Prints one line per target.
 */
export async function build({ force = false, names = [] } = {}) {
  const targets = selectTargets(names);
  const release = await acquireLock();
  try {
    const fresh = [];
    let checking = 0;
    for (const target of targets) {
      const forced = force && (!names.length || names.includes(target.name));
      const t0 = performance.now();
      const reason = forced ? 'forced' : staleReason(target);
      checking += performance.now() - t0;
      if (!reason) {
        fresh.push(target.name);
        continue;
      }
      process.stdout.write(`build: ${target.name} (${reason})\n`);
      const t = performance.now();
      buildTarget(target);
      process.stdout.write(`build: ${target.name} done in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    }
    if (fresh.length) process.stdout.write(`build: ${fresh.join(', ')} up to date (checked in ${Math.round(checking)} ms)\n`);
  } finally {
    release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    await build({ force: args.includes('--force'), names: args.filter((a) => !a.startsWith('--')) });
  } catch (err) {
    process.stderr.write(`build failed: ${err.message}\n`);
    process.exitCode = 1;
  }
}

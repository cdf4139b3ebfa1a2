#!/usr/bin/env node
/**
 * The production build (ADR 0011): `contract`, `domain` and the server compiled by `tsc -b` to
 * their dist/ folders (project references in tsconfig.build.json), the web app bundled by Vite to
 * apps/web/dist.
 *
 *   node scripts/build.mjs                  build what is missing or older than its sources
 *                                           (`npm start` runs this first)
 *   node scripts/build.mjs --force          build everything (`npm run build`)
 *   node scripts/build.mjs [--force] server build the named targets (server, web; contract and
 *                                           domain name the server's TypeScript build too)
 *
 * The TypeScript projects: `tsc -b` decides what is stale from its build info
 * (dist/.tsbuildinfo) and builds contract → domain → server in order; with `noEmitOnError` a
 * build with a type error leaves the previous dist/ as it was. The server's SQL migrations are
 * then copied beside its code. The web app: stale when its output is missing or a file of its
 * inputs (sources, the packages' sources, package.json, tsconfig, lock file) is newer than its
 * stamp; its stamp lives in node_modules/.cache/loyalty-build/ (so `npm ci` starts afresh) and
 * carries the time the build started, so a file saved during a build makes the next run build
 * again. Vite builds into a sibling `.dist-tmp` folder swapped in only when it succeeded. A lock
 * folder keeps two builds (two `npm start`s, an e2e run) apart.
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

/** Names that select the TypeScript build (one `tsc -b` over the three projects). */
const TYPESCRIPT_TARGETS = ['contract', 'domain', 'server'];

/**
 * `tsc -b tsconfig.build.json` (contract, domain, server; `--force` rebuilds all three), then the
 * server's migrations copied to apps/server/dist/db/migrations, where db/client reads them.
 */
export function buildTypeScript({ force = false } = {}) {
  const bin = createRequire(path.join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  runNode(bin, ['-b', 'tsconfig.build.json', ...(force ? ['--force'] : [])], ROOT);
  fs.cpSync(path.join(ROOT, 'apps/server/src/db/migrations'), path.join(ROOT, 'apps/server/dist/db/migrations'), { recursive: true });
}

/** The web app: Vite bundles contract and domain from their sources (the @loyalty/source condition). */
export const WEB = {
  name: 'web',
  dir: 'apps/web',
  inputs: [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'package.json',
    'tsconfig.json',
    '../../packages/contract/src',
    '../../packages/domain/src',
    '../../package-lock.json',
  ],
  outputs: ['index.html'],
  build: (out) => {
    const pkg = createRequire(path.join(ROOT, 'apps/web/package.json')).resolve('vite/package.json');
    runNode(path.join(path.dirname(pkg), 'bin/vite.js'), ['build', '--outDir', out, '--emptyOutDir'], path.join(ROOT, 'apps/web'));
  },
};

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

/** Why `target` (the web app) needs a build, or null when its dist/ is up to date: a missing output or an input newer than the stamp. */
export function staleReason(target) {
  const stamp = stampTime(target);
  if (!stamp) return 'never built';
  const dist = path.join(ROOT, target.dir, 'dist');
  const missing = target.outputs.find((f) => !fs.existsSync(path.join(dist, f)));
  if (missing) return `dist/${missing} missing`;
  const newest = newestInput(target.inputs.map((p) => path.join(ROOT, target.dir, p)));
  if (newest.mtime > stamp) return `${path.relative(ROOT, newest.file)} changed`;
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
 * Builds what `names` select (everything when empty: the TypeScript projects, then the web
 * app). With `force` the selected targets are rebuilt; otherwise `tsc -b` rebuilds only what
 * changed and the web app only when stale. Prints one line per target. Throws on an unknown
 * name or a failed build.
 */
export async function build({ force = false, names = [] } = {}) {
  const unknown = names.filter((n) => n !== 'web' && !TYPESCRIPT_TARGETS.includes(n));
  if (unknown.length) throw new Error(`unknown build target ${unknown.join(', ')} (known: ${[...TYPESCRIPT_TARGETS, 'web'].join(', ')})`);
  const typescript = !names.length || names.some((n) => TYPESCRIPT_TARGETS.includes(n));
  const web = !names.length || names.includes('web');
  const release = await acquireLock();
  try {
    if (typescript) {
      const t = performance.now();
      buildTypeScript({ force });
      process.stdout.write(`build: contract, domain, server (tsc -b${force ? ' --force' : ''}) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    }
    if (web) {
      const reason = force ? 'forced' : staleReason(WEB);
      if (!reason) {
        process.stdout.write('build: web up to date\n');
      } else {
        process.stdout.write(`build: web (${reason})\n`);
        const t = performance.now();
        buildTarget(WEB);
        process.stdout.write(`build: web done in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
      }
    }
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

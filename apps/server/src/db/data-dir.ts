import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The folder of the embedded database holds password and session hashes and customer data,
 * so nothing in it may be open to the group or to others: the folder is
 * 0700, everything under it 0600 (files) or 0700 (folders).
 *
 * Why not `process.umask(0o077)`: PGlite's file system (Emscripten NODEFS) creates a file and
 * then chmods it explicitly to the mode the database asked for, minus Emscripten's own umask
 * (0o022, not the process's). The process umask therefore only reaches folders: the files
 * initdb writes come out 0666 and the relcache and statistics files 0644 under any process
 * umask (checked on PGlite 0.5). So the mode is masked where NODEFS applies it
 * (`OwnerOnlyNodeFS`), and files left by an older version are tightened at open
 * (`prepareDataDir`).
 */
const GROUP_OTHER_BITS = 0o077;

/** A path as a shell word: bare when it is plainly safe, else single-quoted. */
function shellWord(p: string): string {
  return /^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

/**
 * The start-up warning for a DATA_DIR open to other users: names the
 * folder (absolute), its mode in octal and the fix `chmod -R go-rwx <dir>`.
 */
function dataDirWarning(dir: string, mode: number): string {
  const abs = path.resolve(dir);
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return (
    `DATA_DIR ${abs} is open to other users (mode ${octal}); it holds password and session hashes and customer data. ` +
    `Restrict it: chmod -R go-rwx ${shellWord(abs)}`
  );
}

/**
 * Removes group and other permission bits from every file and folder under `dir` (not `dir`
 * itself; symbolic links and special files are left alone). Returns the paths it could not
 * change (e.g. owned by another user).
 */
function tightenContents(dir: string): string[] {
  const failed: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    if (!st.isFile() && !st.isDirectory()) continue;
    if (st.mode & GROUP_OTHER_BITS) {
      try {
        chmodSync(p, st.mode & 0o7777 & ~GROUP_OTHER_BITS);
      } catch {
        failed.push(p);
      }
    }
    if (st.isDirectory()) failed.push(...tightenContents(p));
  }
  return failed;
}

/**
 * Makes the embedded database's folder ready before PGlite opens it:
 * - a missing folder is created 0700 (with its missing parents);
 * - every file and folder already under it loses its group/other bits (databases written
 *   before this rule had 0666 files);
 * - an existing folder that is itself readable, writable or searchable by the group or
 *   others is NOT changed (it may be so on purpose, e.g. a shared volume): its warning
 *   (`dataDirWarning`) is returned for start-up to print.
 * Returns the warnings, [] when all is well. On Windows (no POSIX modes) it only creates the
 * folder. Throws what `mkdirSync` throws (e.g. EACCES, or ENOTDIR when the path is a file).
 */
export function prepareDataDir(dir: string): string[] {
  const existed = existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return [];
  const warnings: string[] = [];
  // stat, not lstat: DATA_DIR may be a symbolic link to the real folder, whose mode is what counts.
  const mode = statSync(dir).mode;
  if (existed && mode & GROUP_OTHER_BITS) warnings.push(dataDirWarning(dir, mode));
  const failed = tightenContents(dir);
  if (failed.length > 0) {
    warnings.push(
      `DATA_DIR ${path.resolve(dir)}: ${failed.length} file(s) could not be made private to this user (first: ${failed[0]}). ` +
        `Restrict them: chmod -R go-rwx ${shellWord(path.resolve(dir))}`,
    );
  }
  return warnings;
}

/** The part of Emscripten's NODEFS that sets modes on the host file system. */
interface NodeFsModeOps {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: {
    setattr?(stream: unknown, attr: { mode?: number }): void;
  };
}

/** `attr` with the group/other bits taken out of its mode, when it sets one. */
function ownerOnlyAttr<T extends { mode?: number }>(attr: T): T {
  return attr.mode == null ? attr : { ...attr, mode: attr.mode & ~GROUP_OTHER_BITS };
}

/**
 * Masks group/other bits out of every mode PGlite's NODEFS writes to the host: creation
 * (`mknod`: files and folders) and every later chmod (`setattr`, by path or by open file),
 * so new relation files, WAL segments, statistics and relcache files are 0600 and new folders
 * 0700. Throws when this PGlite's NODEFS no longer has those hooks, so an upgrade cannot
 * silently reopen the files.
 */
function maskNodeFsModes(nodefs: NodeFsModeOps): void {
  const ops = nodefs?.node_ops;
  if (typeof ops?.mknod !== 'function' || typeof ops.setattr !== 'function') {
    throw new Error('PGlite NODEFS has no mknod/setattr: cannot keep DATA_DIR private');
  }
  const { mknod, setattr } = ops;
  ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_OTHER_BITS, dev);
  ops.setattr = (node, attr) => setattr(node, ownerOnlyAttr(attr));
  const streamSetattr = nodefs.stream_ops?.setattr;
  if (typeof streamSetattr === 'function') {
    nodefs.stream_ops.setattr = (stream, attr) => streamSetattr(stream, ownerOnlyAttr(attr));
  }
}

/**
 * PGlite's on-disk file system (`NodeFS`, the one `PGlite.create(dir)` picks for a path) with
 * every file and folder it writes private to this user: 0600 files, 0700 folders, whatever
 * the process umask. Use as `PGlite.create({ fs: new OwnerOnlyNodeFS(dir) })`
 * after `prepareDataDir(dir)`.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [...(emscriptenOpts.preRun ?? []), (mod: { NODEFS: unknown }) => maskNodeFsModes(mod.NODEFS as NodeFsModeOps)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

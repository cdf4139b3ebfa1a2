import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The code and docs stand alone: no comment, test title or page cites an issue number, a
 * section of the original specification, or a document outside the repository. A rule is
 * stated where it is used, or cited by its place in the repository (`docs/product.md
 * '<section>'`, an ADR as `ADR 0014`). A cited docs/product.md section must be one of its `## `
 * headings (checked when the citation sits on one line), so renaming a heading shows its callers.
 *
 * Usage: `node scripts/no-outside-refs.mjs` (run by `npm run lint`). Lists every reference
 * found under ENFORCED and exits 1 when there is any; for REPORT_ONLY it prints the count and
 * the files, without failing. To enforce a folder, move it from REPORT_ONLY to ENFORCED.
 * `node scripts/no-outside-refs.mjs <path>…` lists the references under those paths only
 * (exit 1 when there is any): what is left to rewrite in a folder not enforced yet.
 */
export const ENFORCED = ['apps/server', 'apps/web', 'packages', 'e2e', 'docs', 'bench', 'scripts', 'README.md'];
export const REPORT_ONLY = [];

/** What counts as an outside reference, each with the reason shown when it is found. */
export const PATTERNS = [
  { re: /\bissues?\s+#?\d+/i, what: 'an issue number' },
  { re: /§\s?\d/, what: 'a specification section' },
  { re: /\bdecisions\.md\b/, what: 'the outside decisions file' },
  { re: /\bproduct-spec(\.md)?\b/, what: 'the outside specification' },
  { re: /\bDESIGN\.md\b/, what: 'the outside design file' },
  { re: /\.\.\/shared\//, what: 'a path outside the repository' },
];

const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|css|html|ya?ml|sql|txt|sh)$/;

/** The tracked and new (not ignored) text files under `roots`, relative to the repository. */
function filesUnder(root, roots) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\n').filter((f) => f && TEXT.test(f) && !f.endsWith('package-lock.json')))];
}

/** The `## ` headings of docs/product.md, the sections code may cite. */
function productSections(root) {
  const text = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
  return new Set([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim()));
}

/** `docs/product.md '<section>'` citations on one line whose section is not a heading there. */
function unknownSections(line, sections) {
  const out = [];
  for (const m of line.matchAll(/docs\/product\.md '([^']+)'((?:, '[^']+')*)/g)) {
    const names = [m[1], ...[...m[2].matchAll(/'([^']+)'/g)].map((n) => n[1])];
    for (const name of names) if (name !== '<section>' && !sections.has(name)) out.push(name);
  }
  return out;
}

/**
 * Every outside reference in the files under `roots`, and every citation of a docs/product.md
 * section that does not exist: `{ file, line, text, what }`.
 */
export function findOutsideRefs(root, roots) {
  const sections = productSections(root);
  const found = [];
  for (const file of filesUnder(root, roots)) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    text.split('\n').forEach((line, i) => {
      const hit = PATTERNS.find(({ re }) => re.test(line));
      if (hit) found.push({ file, line: i + 1, text: line.trim().slice(0, 160), what: hit.what });
      for (const name of unknownSections(line, sections)) {
        found.push({ file, line: i + 1, text: line.trim().slice(0, 160), what: `no section '${name}' in docs/product.md` });
      }
    });
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const only = process.argv.slice(2);
  if (only.length > 0) {
    const found = findOutsideRefs(root, only);
    for (const r of found) console.log(`${r.file}:${r.line}: ${r.what}: ${r.text}`);
    console.log(`${found.length} outside references under ${only.join(', ')}`);
    process.exit(found.length > 0 ? 1 : 0);
  }
  const enforced = findOutsideRefs(root, ENFORCED);
  for (const r of enforced) console.log(`${r.file}:${r.line}: ${r.what}: ${r.text}`);
  if (REPORT_ONLY.length > 0) {
    const reported = findOutsideRefs(root, REPORT_ONLY);
    const files = new Set(reported.map((r) => r.file));
    console.log(`not enforced yet: ${reported.length} outside references in ${files.size} files under ${REPORT_ONLY.join(', ')}`);
  }
  console.log(`${enforced.length} outside references under ${ENFORCED.join(', ')}`);
  if (enforced.length > 0) {
    console.log("State the rule where it is used, or cite docs/product.md '<section>' or an ADR (ADR 0014).");
    process.exitCode = 1;
  }
}

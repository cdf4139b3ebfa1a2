import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Lists the web app's React components (capitalised functions in the .tsx files of apps/web/src, tests
 * excluded) longer than 80 lines, longest first (components at most ~80 lines).
 * Usage: `node scripts/component-length.mjs`; exits 1 when any is listed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const files = execSync("find apps/web/src -name '*.tsx' ! -name '*.test.tsx'", { cwd: root }).toString().trim().split('\n');
const out = [];
for (const f of files) {
  const src = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (n) => {
    let name;
    let body = n;
    if (ts.isFunctionDeclaration(n) && n.name) name = n.name.text;
    if (
      ts.isVariableDeclaration(n) &&
      n.initializer &&
      (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer)) &&
      ts.isIdentifier(n.name)
    ) {
      name = n.name.text;
      body = n.initializer;
    }
    if (name && /^[A-Z]/.test(name)) {
      const a = src.getLineAndCharacterOfPosition(body.getStart()).line,
        b = src.getLineAndCharacterOfPosition(body.getEnd()).line;
      if (b - a + 1 > 80) out.push(`${b - a + 1} ${name} ${f.replace('apps/web/src/', '')}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
console.log(out.sort((x, y) => parseInt(y) - parseInt(x)).join('\n') + `\n${out.length} components over 80 lines`);
if (out.length > 0) process.exitCode = 1;

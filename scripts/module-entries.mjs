import path from 'node:path';
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Modules hand each other values or published read models, never a piece of SQL to embed (ADR
 * 0036): no export of a server module's entry (`apps/server/src/modules/<m>/index.ts`) is SQL,
 * returns SQL (directly or through a Promise), or takes SQL as a parameter. The lint fences
 * already make the entry the only door into a module (ADR 0012); this checks what goes through
 * it, by the types the compiler infers, so a renamed fragment cannot slip through.
 *
 * Usage: `node scripts/module-entries.mjs` (run by `npm run lint`). Lists each offending
 * export as `module: name (why)` and exits 1 when there is any.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const modulesDir = path.join(serverDir, 'src/modules');

const configFile = ts.readConfigFile(path.join(serverDir, 'tsconfig.json'), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, serverDir);
const entries = readdirSync(modulesDir)
  .map((m) => path.join(modulesDir, m, 'index.ts'))
  .filter((file) => existsSync(file));
const program = ts.createProgram({ rootNames: entries, options: { ...parsed.options, noEmit: true } });
const checker = program.getTypeChecker();

/** Whether `type` is drizzle's SQL (or an aliased SQL), unwrapping a Promise. */
function isSql(type) {
  const awaited = checker.getAwaitedType(type) ?? type;
  const candidates = awaited.isUnion() ? awaited.types : [awaited];
  return candidates.some((t) => {
    const name = (t.aliasSymbol ?? t.getSymbol())?.getName();
    if (name !== 'SQL' && name !== 'Aliased') return false;
    const decl = (t.aliasSymbol ?? t.getSymbol())?.declarations?.[0];
    return Boolean(decl && decl.getSourceFile().fileName.includes('drizzle-orm'));
  });
}

const findings = [];
for (const file of entries) {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) continue;
  const moduleName = path.basename(path.dirname(file));
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.Value | ts.SymbolFlags.Function))) continue;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration) continue;
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    if (isSql(type)) findings.push(`${moduleName}: ${exported.getName()} (is SQL)`);
    for (const signature of type.getCallSignatures()) {
      if (isSql(signature.getReturnType())) findings.push(`${moduleName}: ${exported.getName()} (returns SQL)`);
      for (const parameter of signature.getParameters()) {
        const parameterType = checker.getTypeOfSymbolAtLocation(parameter, declaration);
        if (isSql(parameterType)) findings.push(`${moduleName}: ${exported.getName()} (takes SQL as ${parameter.getName()})`);
      }
    }
  }
}

if (findings.length) {
  console.error(`Module entries hand over SQL (ADR 0036: pass values or a published read model instead):\n  ${[...new Set(findings)].join('\n  ')}`);
  process.exit(1);
}
console.log(`module entries: ${entries.length} checked, none hands over SQL`);

#!/usr/bin/env node
/**
 * `npm run lint:openapi` (ADR 0037): writes the two OpenAPI documents the server publishes (the
 * web API of /api/docs/json and the integrators' v1 of /api/v1/docs/json, by
 * apps/server/src/openapi-cli.ts on an in-memory database) and lints them with Stoplight
 * Spectral. Fails (exit 1) on
 * - any error of spectral:oas (.spectral.yaml) or of the OWASP rules (.spectral-owasp.yaml) on v1;
 * - any error or warning of spectral:oas on the web API document;
 * and prints, without failing on them, the OWASP findings on the web API document with counts.
 * The documents go to a temporary folder inside the repository (the rulesets' overrides name
 * files relative to them), removed at the end; `--keep` keeps it and prints where.
 *
 *   node scripts/openapi-lint.mjs [--keep]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEVERITIES = ['error', 'warning', 'info', 'hint'];
const keep = process.argv.includes('--keep');
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

/** Runs Spectral with `ruleset` on `file`; resolves its findings (an array of { code, severity, path, message }). */
function spectral(ruleset, file) {
  const out = file.replace(/\.json$/, `.${path.basename(ruleset, '.yaml').replace(/^\./, '')}.out.json`);
  const result = spawnSync(bin('spectral'), ['lint', '--ruleset', ruleset, '--format', 'json', '--quiet', '--output', out, file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // Spectral exits 1 when it found something, 2 when it could not run.
  if (result.status !== 0 && result.status !== 1) throw new Error(`spectral failed on ${file}:\n${result.stdout}${result.stderr}`);
  return existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : [];
}

/** Counts of `findings` by severity name, and by 'severity rule'. */
function tally(findings) {
  const bySeverity = { error: 0, warning: 0, info: 0, hint: 0 };
  const byRule = new Map();
  for (const f of findings) {
    const severity = SEVERITIES[f.severity];
    bySeverity[severity] += 1;
    const key = `${severity.padEnd(7)} ${f.code}`;
    byRule.set(key, (byRule.get(key) ?? 0) + 1);
  }
  return { bySeverity, byRule: [...byRule].sort(([a], [b]) => a.localeCompare(b)) };
}

/** Prints one document's result under `title`: counts by severity, each rule's count, and (when `details`) each finding. */
function report(title, findings, details) {
  const { bySeverity, byRule } = tally(findings);
  console.log(`\n${title}: ${bySeverity.error} errors, ${bySeverity.warning} warnings, ${bySeverity.info} infos, ${bySeverity.hint} hints`);
  for (const [rule, n] of byRule) console.log(`  ${String(n).padStart(5)}  ${rule}`);
  if (details) for (const f of findings) console.log(`  ${SEVERITIES[f.severity]} ${f.code} at ${f.path.join('.')}: ${f.message}`);
  return bySeverity;
}

const dir = mkdtempSync(path.join(ROOT, 'openapi-lint-'));
let failed = false;
try {
  const written = spawnSync(bin('tsx'), ['--conditions=@loyalty/source', 'apps/server/src/openapi-cli.ts', dir], { cwd: ROOT, stdio: 'inherit' });
  if (written.status !== 0) throw new Error('writing the OpenAPI documents failed');
  const v1 = path.join(dir, 'v1.json');
  const web = path.join(dir, 'web.json');

  const v1Oas = spectral('.spectral.yaml', v1);
  const v1Owasp = spectral('.spectral-owasp.yaml', v1);
  const webOas = spectral('.spectral.yaml', web);
  const webOwasp = spectral('.spectral-owasp.yaml', web);

  const failing = (findings, maxSeverity) => findings.filter((f) => f.severity <= maxSeverity);
  const a = report('v1 (/api/v1/docs/json), spectral:oas', v1Oas, failing(v1Oas, 0).length > 0);
  const b = report('v1 (/api/v1/docs/json), OWASP', v1Owasp, failing(v1Owasp, 0).length > 0);
  const c = report('web API (/api/docs/json), spectral:oas', webOas, failing(webOas, 1).length > 0);
  report('web API (/api/docs/json), OWASP (printed, not failing)', webOwasp, false);

  failed = a.error > 0 || b.error > 0 || c.error + c.warning > 0;
  console.log(failed ? '\nOpenAPI lint FAILED (see above).' : '\nOpenAPI lint passed.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  if (keep) console.log(`Documents and Spectral output kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

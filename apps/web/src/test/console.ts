/**
 * The console rule of the web tests (epic-stack's habit): a test fails when
 * it writes to `console.error` or `console.warn` and did not say it expected to. React reports
 * its mistakes there (a missing `key`, an update outside `act`, an invalid DOM prop, a
 * controlled input turned uncontrolled), so a silent warning would otherwise hide a real bug.
 *
 * `setup.ts` installs the guard around every test; a test that means to provoke a message
 * declares it with {@link expectConsole}, and then fails if the message never comes.
 */
import { vi, type MockInstance } from 'vitest';

/** The console methods the rule watches. */
export type ConsoleLevel = 'error' | 'warn';

/**
 * Console output of libraries that cannot be avoided, allowed in every test. Keep it narrow (a
 * level and an exact phrase) and say why. Empty: React 19, React Router 7 and TanStack Query 5
 * print nothing in these tests.
 */
const CONSOLE_ALLOW_LIST: ReadonlyArray<{ level: ConsoleLevel; pattern: RegExp; why: string }> = [];

interface Expectation {
  level: ConsoleLevel;
  pattern: RegExp | string;
  seen: number;
}

let expectations: Expectation[] = [];
let unexpected: Array<{ level: ConsoleLevel; text: string }> = [];
let spies: MockInstance[] = [];

/** `console.error('Warning: %s is bad', 'X')` as the developer would read it. */
function formatArgs(args: unknown[]): string {
  const rest = [...args];
  let head = typeof rest[0] === 'string' ? String(rest.shift()) : '';
  head = head.replace(/%[sdifoOc]/g, () => (rest.length > 0 ? show(rest.shift()) : ''));
  return [head, ...rest.map(show)].filter(Boolean).join(' ');
}

function show(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function matches(pattern: RegExp | string, text: string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

/**
 * Declares that the current test will write a message matching `pattern` (a substring or a
 * RegExp) to `console[level]`: the message is then swallowed instead of failing the test, and
 * the test fails if no such message came. Call it before the code that logs.
 */
export function expectConsole(level: ConsoleLevel, pattern: RegExp | string): void {
  expectations.push({ level, pattern, seen: 0 });
}

/** Starts watching `console.error` and `console.warn` (setup.ts, before each test). */
export function startConsoleGuard(): void {
  expectations = [];
  unexpected = [];
  spies = (['error', 'warn'] as const).map((level) => {
    const original = console[level].bind(console);
    return vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = formatArgs(args);
      if (CONSOLE_ALLOW_LIST.some((a) => a.level === level && a.pattern.test(text))) return;
      const expectation = expectations.find((e) => e.level === level && matches(e.pattern, text));
      if (expectation) {
        expectation.seen += 1;
        return;
      }
      unexpected.push({ level, text });
      original(...args);
    });
  });
}

/**
 * Stops watching and throws (failing the test) when the test wrote an unexpected message, or
 * when a message declared with {@link expectConsole} never came (setup.ts, after each test).
 */
export function stopConsoleGuard(): void {
  for (const spy of spies) spy.mockRestore();
  spies = [];
  const problems = [
    ...unexpected.map(({ level, text }) => `unexpected console.${level}: ${text}`),
    ...expectations.filter((e) => e.seen === 0).map((e) => `expected a console.${e.level} matching ${String(e.pattern)}, none came`),
  ];
  expectations = [];
  unexpected = [];
  if (problems.length > 0) throw new Error(`Console rule (apps/web/src/test/console.ts):\n${problems.join('\n')}`);
}

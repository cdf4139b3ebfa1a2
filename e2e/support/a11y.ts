import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Accessibility checks for the browser tests: axe-core with the WCAG 2.1 A
 * and AA rules; a serious or critical violation fails the test with a readable list (rule,
 * impact, the elements' selectors and what axe says about them, the page and the width).
 *
 * `expectNoSeriousA11yViolations(page, label)` scans the page as it is (any spec may call it);
 * `expectNoSeriousA11yViolationsAtWidths(page, label, settle)` scans at the desktop and the
 * phone width and fails once with both widths' findings.
 */

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** One serious or critical violation on one page at one width. */
interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  page: string;
  width: string;
  /** One entry per element: its selector and axe's explanation (e.g. the contrast ratio). */
  nodes: { target: string; summary: string }[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** What AxeBuilder evaluates as axe-core's source once the page has it: nothing (an empty string would make it use the real one). */
const AXE_ALREADY_LOADED = ';';

function widthLabel(page: Page): string {
  const size = page.viewportSize();
  return size ? `${size.width}×${size.height}` : 'default viewport';
}

/**
 * Waits until nothing on the page is loading: no spinner (`.animate-spin`), no skeleton
 * (`.animate-pulse`), nothing `aria-busy`. Scanning a half-loaded page would check the
 * skeleton instead of the screen.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await expect(page.locator('.animate-spin, .animate-pulse, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Waits until no finite animation or transition runs (a toast sliding in, a colour fading):
 * contrast measured mid-animation is not what a user reads. Endless ones (spinners) are ignored.
 */
async function waitForAnimations(page: Page): Promise<void> {
  const still = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  // Asked once first: waitForFunction polls on animation frames, and its first answer waits for
  // one (about 0.4 s a scan on a busy machine), though nearly every screen is still already.
  if (await page.evaluate(still)) return;
  await page.waitForFunction(still);
}

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
async function seriousA11yViolations(page: Page, label: string, options: { include?: string } = {}): Promise<A11yFinding[]> {
  await waitForAnimations(page);
  // Legacy mode: axe runs once in the page. The default runs it per frame and then opens a blank
  // page, injects axe-core there again and merges the frames' results in it, which took two
  // thirds of each scan; our screens have no iframes for it to merge.
  // axe-core's 600 kB are evaluated once per document, here: AxeBuilder would evaluate them twice
  // per scan (about a second each), and a screen is scanned at two widths and with its dialogs.
  if (await page.evaluate(() => !('axe' in window))) await page.evaluate(axe.source);
  let builder = new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED }).withTags(WCAG_TAGS).setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const width = widthLabel(page);
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      page: label,
      width,
      nodes: v.nodes.map((n) => ({
        target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' '),
        summary: (n.failureSummary ?? '')
          .replace(/\s+/g, ' ')
          .replace(/^Fix (any|all) of the following: /, '')
          .trim(),
      })),
    }));
}

/** The findings as the failure message shows them. */
function formatFindings(findings: A11yFinding[]): string {
  const lines: string[] = [];
  for (const f of findings) {
    lines.push(`[${f.impact}] ${f.rule} (${f.help}) on ${f.page} at ${f.width}: ${f.nodes.length} element(s)`);
    for (const n of f.nodes.slice(0, 15)) lines.push(`    ${n.target} — ${n.summary}`);
    if (f.nodes.length > 15) lines.push(`    … and ${f.nodes.length - 15} more`);
  }
  return lines.join('\n');
}

async function attach(findings: A11yFinding[], label: string) {
  if (findings.length === 0) return;
  await test.info().attach(`a11y ${label}`, { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
}

function assertNone(findings: A11yFinding[]) {
  const count = findings.reduce((sum, f) => sum + f.nodes.length, 0);
  expect(findings, `${count} element(s) with serious or critical accessibility violations:\n${formatFindings(findings)}\n`).toEqual([]);
}

/**
 * Fails the test when axe finds a serious or critical WCAG 2.1 A/AA violation on the page as it
 * is now. `include` narrows the scan to one part (e.g. '[role="dialog"]').
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, options: { include?: string } = {}): Promise<void> {
  const findings = await seriousA11yViolations(page, label, options);
  await attach(findings, label);
  assertNone(findings);
}

/**
 * Scans at the desktop (1280×800) and the phone (390×844) width and fails once with every
 * finding of both. `settle` runs after each resize and must wait until the screen is ready (its
 * heading, no spinner); the viewport is left at the desktop width. `viewports` replaces the two
 * widths (e.g. only the phone, for something shown on phones only).
 */
export async function expectNoSeriousA11yViolationsAtWidths(
  page: Page,
  label: string,
  settle: () => Promise<void>,
  options: { include?: string; viewports?: readonly { width: number; height: number }[] } = {},
): Promise<void> {
  const findings: A11yFinding[] = [];
  for (const viewport of options.viewports ?? [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await settle();
    await waitForSettled(page);
    findings.push(...(await seriousA11yViolations(page, label, options)));
  }
  await attach(findings, label);
  assertNone(findings);
}

/* ------------------------------------------------------------------------------------------ */
/* Keyboard: focus rings and dialogs                                                           */
/* ------------------------------------------------------------------------------------------ */

/** What the keyboard can reach (the Dialog component's own list). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focused element, and whether it shows a focus indicator. */
interface FocusStop {
  /** e.g. 'button "Sign in"'. */
  description: string;
  /** An outline, or a box-shadow (a Tailwind ring) it does not have when not focused. */
  ring: boolean;
}

/**
 * Records how every focusable element looks unfocused, so that a focused element's box-shadow
 * counts as a focus ring only when it differs (an input's `shadow-sm` alone is no ring).
 */
async function recordUnfocusedStyles(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const w = window as unknown as { __a11yRest?: WeakMap<Element, { outline: string; boxShadow: string }> };
    const rest = (w.__a11yRest ??= new WeakMap());
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el === document.activeElement) continue;
      const cs = getComputedStyle(el);
      rest.set(el, { outline: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`, boxShadow: cs.boxShadow });
    }
  }, FOCUSABLE);
}

/** A Tab stop as {@link inspectFocus} sees it. */
interface FocusReport extends FocusStop {
  /** Focus is inside the element the check ran on (always true on the page). */
  inside: boolean;
  /** First time this element has focus since {@link recordUnfocusedStyles}. */
  firstVisit: boolean;
}

/**
 * Runs in the page (one round trip per Tab stop): describes the focused element and whether it
 * shows a focus ring; null when focus is on the page itself. `root`: the element focus must be in.
 */
function inspectFocus(root: Element | undefined): FocusReport | null {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const w = window as unknown as { __a11yRest?: WeakMap<Element, { outline: string; boxShadow: string }>; __a11yVisited?: WeakSet<Element> };
  const cs = getComputedStyle(el);
  const rest = w.__a11yRest?.get(el);
  const outlineNow = `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`;
  const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 && (!rest || rest.outline !== outlineNow);
  const shadow = cs.boxShadow !== 'none' && (!rest || rest.boxShadow !== cs.boxShadow);
  // Focus inside a native control's own parts (a date input's calendar button): the browser
  // draws the ring there, on an element the page cannot see.
  const innerPart = !el.matches(':focus') && el.matches(':focus-within');
  const role = el.getAttribute('role');
  const name =
    (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 50) || el.getAttribute('name') || el.id;
  const visited = (w.__a11yVisited ??= new WeakSet());
  const firstVisit = !visited.has(el);
  visited.add(el);
  return {
    description: `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`,
    ring: outline || shadow || innerPart,
    inside: root ? root.contains(el) : true,
    firstVisit,
  };
}

/** The focused element (null on the page itself) and whether its focus is visible. */
async function focusStop(page: Page): Promise<FocusStop | null> {
  const report = await page.evaluate(inspectFocus, undefined);
  return report && { description: report.description, ring: report.ring };
}

/**
 * Tabs through the page from its top and fails when a stop shows no focus ring (checked on up to
 * `maxStops` stops; the walk ends when focus leaves the page or comes back to a visited element).
 * Returns the number of stops checked.
 */
export async function expectFocusRingOnEveryTabStop(page: Page, label: string, maxStops = 150): Promise<number> {
  await page.evaluate(() => {
    // Start the Tab order at the top of the page, with no element visited yet.
    delete (window as unknown as { __a11yVisited?: unknown }).__a11yVisited;
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.setAttribute('tabindex', '-1');
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await recordUnfocusedStyles(page);
  const missing = new Set<string>();
  let stops = 0;
  for (; stops < maxStops; stops++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(inspectFocus, undefined);
    if (!stop || !stop.firstVisit) break;
    if (!stop.ring) missing.add(stop.description);
  }
  expect([...missing], `Tab stops without a visible focus ring on ${label}:\n  ${[...missing].join('\n  ')}\n`).toEqual([]);
  return stops;
}

/**
 * Presses Tab until `target` has focus (at most `maxStops` times), checking that every stop on
 * the way shows a focus ring: the keyboard-only way to reach a control.
 */
export async function tabTo(page: Page, target: Locator, maxStops = 40): Promise<void> {
  const focused = () => target.evaluate((el) => el === document.activeElement);
  if (await focused()) return;
  await recordUnfocusedStyles(page);
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    // Past the last control focus leaves the page (the browser's own UI), then Tab starts over.
    if (!stop) continue;
    expect(stop.ring, `no visible focus ring on ${stop.description}`).toBe(true);
    if (await focused()) return;
  }
  throw new Error(`${maxStops} presses of Tab did not reach ${target}`);
}

/**
 * Checks the dialog's focus trap: focus is inside it; Tab, pressed one more time than the dialog
 * has controls, keeps focus inside (so it wrapped from the last control to the first), each stop
 * with a focus ring; Shift+Tab on the first control wraps to the last.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: 'focus moves into the dialog' }).toBe(true);
  const count = await dialog.evaluate(
    (el, selector) => Array.from(el.querySelectorAll(selector)).filter((e) => e.getClientRects().length > 0).length,
    FOCUSABLE,
  );
  expect(count, 'the dialog has controls').toBeGreaterThan(0);
  await recordUnfocusedStyles(page);
  for (let i = 0; i <= count; i++) {
    await page.keyboard.press('Tab');
    const stop = await dialog.evaluate(inspectFocus);
    expect(stop?.inside, `Tab #${i + 1} moved focus out of the dialog (to ${stop?.description ?? 'the page'})`).toBe(true);
    expect(stop?.ring, `no visible focus ring on ${stop?.description} in the dialog`).toBe(true);
  }
  const last = await dialog.evaluateHandle((el, selector) => {
    const items = Array.from(el.querySelectorAll<HTMLElement>(selector)).filter((e) => e.getClientRects().length > 0);
    items[0].focus();
    return items[items.length - 1];
  }, FOCUSABLE);
  await page.keyboard.press('Shift+Tab');
  expect(await last.evaluate((el) => el === document.activeElement), 'Shift+Tab on the first control goes to the last one').toBe(true);
  await last.dispose();
}

/**
 * Opens a dialog from `opener` with the keyboard (focus, Enter), checks its focus trap, closes it
 * with Escape and checks that focus is back on the opener. `whileOpen` runs with the dialog open
 * (e.g. an axe scan) before the trap check.
 */
export async function expectDialogKeyboardCycle(page: Page, opener: Locator, dialog: Locator, whileOpen?: () => Promise<void>): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  if (whileOpen) await whileOpen();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, 'focus returns to the control that opened the dialog').toBeFocused();
}

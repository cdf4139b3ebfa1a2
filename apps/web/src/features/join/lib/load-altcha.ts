/**
 * Loads the `altcha` widget (the `<altcha-widget>` web component, ADR 0027) the first time the
 * join page needs it, as chunks of our own bundle: the build without bundled workers
 * (`altcha/external`), its stylesheet, and the PBKDF2 worker as a file of its own, so the
 * Content-Security-Policy needs no `blob:` worker and nothing comes from another site. The
 * challenges use PBKDF2/SHA-256 only (the server's enrolment/altcha.ts), so only that worker is
 * registered. Resolves once the element is defined; later calls reuse the first load.
 *
 * The element is imported last: defining it starts the `auto="onload"` solve at once, and a
 * challenge that arrives before its algorithm is registered fails ('Unsupported algorithm'),
 * which a slow network for the worker's chunk made happen. So the worker and the stylesheet
 * load first, and the algorithm is registered in the same step as the element is defined.
 */
let loading: Promise<void> | null = null;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    const [{ default: Pbkdf2Worker }] = await Promise.all([import('altcha/workers/pbkdf2?worker'), import('altcha/altcha.css')]);
    await import('altcha/external');
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  return loading;
}

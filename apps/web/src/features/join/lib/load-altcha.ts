/**
 * Loads the `altcha` widget (the `<altcha-widget>` web component, ADR 0027) the first time the
 * join page needs it, as chunks of our own bundle: the build without bundled workers
 * (`altcha/external`), its stylesheet, and the PBKDF2 worker as a file of its own, so the
 * Content-Security-Policy needs no `blob:` worker and nothing comes from another site. The
 * challenges use PBKDF2/SHA-256 only (the server's enrolment/altcha.ts), so only that worker is
 * registered. Resolves once the element is defined; later calls reuse the first load.
 */
let loading: Promise<void> | null = null;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    await import('altcha/altcha.css');
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  return loading;
}

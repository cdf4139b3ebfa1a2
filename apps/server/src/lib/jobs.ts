/**
 * The background workers a request can wake: `outbox` sends the e-mails written to the outbox
 * (ADR 0018), `webhooks` delivers the outgoing webhook events (ADR 0020), `wallet` pushes the
 * changes of Apple Wallet passes to their devices (ADR 0046). Each also runs every minute by
 * itself, so a nudge only makes a message leave now rather than at the next minute.
 */
export type JobKind = 'outbox' | 'webhooks' | 'wallet';

/**
 * How the app wakes its background workers: `nudge(kind)` asks the worker of `kind` for a run
 * now. Never throws and never waits (a nudge is a job-queue write whose failure the worker
 * logs). main.ts hands the running workers' one to buildApp, which passes it to every module
 * that writes what a worker sends; tests pass their own to count the calls.
 */
export interface Jobs {
  nudge(kind: JobKind): void;
}

/** Wakes nothing: the default of an app without workers (tests run the dispatchers themselves). */
export const NO_JOBS: Jobs = { nudge() {} };

/**
 * The outbox module's public face: the only file of `modules/outbox/` that other modules and
 * the app import. It owns `outbox` and `outbox_attempts`: modules write an e-mail with `enqueueEmail` in the
 * transaction of what it announces; the worker (`startOutboxWorker`, woken by
 * `jobs.nudge('outbox')`) sends what is due through SMTP with retries; the operator's Outbox
 * screen lists and resends; erasure forgets a recipient (docs/product.md 'E-mail').
 */
export { enqueueEmail } from './enqueue-email.ts';
export { dispatchOutbox, type DispatchResult } from './dispatch-outbox.ts';
export { forgetRecipient } from './forget-recipient.ts';
export { messagesTo } from './list-messages-to.ts';
export { currentMailer } from './mailer.ts';
export { startOutboxWorker } from './job.ts';
export { outboxRoutes } from './routes.ts';

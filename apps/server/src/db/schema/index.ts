/** The database schema, importable without opening a connection. */
export * from './platform.ts';
export * from './identity.ts';
export * from './stores.ts';
export * from './customers.ts';
export * from './cards.ts';
export * from './ledger.ts';
export * from './rules.ts';
export * from './billing.ts';
export * from './ops.ts';
export * from './reports.ts';
export * from './security.ts';
export * from './outbox.ts';
export * from './enrolment.ts';
export * from './integrations.ts';
export * from './wallet.ts';
export * from './risk.ts';
export * from './offline.ts';

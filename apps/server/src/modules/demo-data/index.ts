/**
 * The demo-data module's public face: the seed. `seedBase` writes what every install needs (the
 * plans and the platform settings row, through their owners); `seedDemo` adds the demo tenant
 * with its accounts, stores, customers, cards and back-dated ledger history, in development and
 * tests only (ADR 0012 explains why it writes other modules' tables).
 */
export { DEMO_ACCOUNTS, DEMO_SLUG, seedBase, seedDemo } from './service.ts';

/**
 * The rewards module's public face (docs/product.md 'Rewards', ADR 0049): the hourly run that pays
 * birthday rewards and sends win-back offers. The money itself is the ledger's (BONUS rows,
 * offers); the settings are the rules module's. Owns no table.
 */
export { runRewardJobs } from './jobs.ts';

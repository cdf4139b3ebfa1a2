/**
 * The rules module's public face: the only file of `modules/rules/` that other modules and the
 * app import (besides `views.ts`, the read-only tier rules for the customers module, which the
 * rules depend on to re-tier; importing this file from there would close an import cycle).
 * The module owns the programme: cashback rules per category, tier rules, offers and the
 * cashback expiry rule and the reward settings (`docs/product.md` 'Cashback', 'Tiers', 'Offers',
 * 'Expiry', 'Rewards'; ADR 0007, ADR 0049).
 * It edits them, gives a new tenant the defaults, and tells the ledger and the dashboard what
 * the programme is.
 */
export { insertDefaultRules } from './initialize.ts';
export { countOffers } from './offers.ts';
export { programmeAsOf, toProgramme, type ProgrammeColumns } from './programme.ts';
export { ruleRoutes } from './routes.ts';
export { readRewardSettings, tenantsWithJobRewards } from './rewards.ts';
export { rewardRoutes } from './rewards-routes.ts';
export { readTierRules } from './views.ts';

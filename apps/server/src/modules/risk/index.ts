/**
 * The risk module's public face (docs/product.md 'Velocity limits', ADR 0050): the business's
 * velocity limits (`velocity_limits`, Rules & Settings → Limits) and the flags of the Review list
 * (`risk_flags`). The ledger checks the limits inside each movement's transaction and writes a
 * flag through `flagMovement`; this module never writes a ledger row.
 */
export { flagMovement, type CrossedLimit } from './flag-movement.ts';
export { limitSettingsOf, redeemLimitsOf } from './limit-settings.ts';
export { riskRoutes } from './routes.ts';

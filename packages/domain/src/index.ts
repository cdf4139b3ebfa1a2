/** Pure business rules shared by server and web. No I/O. */
export * from './money.ts';
export * from './tiers.ts';
export * from './offers.ts';
export * from './cashback.ts';
export * from './card-uid.ts';
export * from './subscription.ts';
export * from './own-store.ts';
export * from './card-orders.ts';
export * from './refunds.ts';
export * from './paid-period.ts';
export * from './wallet-branding.ts';
export * from './referral.ts';

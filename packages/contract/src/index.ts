/** The API contract: zod schemas and types shared by server and web (DESIGN.md). */
export * from './enums.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './tenant.ts';
export * from './pos.ts';
export * from './cards.ts';
export * from './customers.ts';
export * from './reports.ts';
export * from './users.ts';
export * from './me.ts';
export * from './stores.ts';
export * from './rules.ts';
export * from './billing.ts';
export * from './checkout.ts';
export * from './card-orders.ts';
export * from './platform.ts';

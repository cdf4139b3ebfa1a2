import { describe, expect, it } from 'vitest';
import { mayActForStore } from '../src/own-store.ts';

/** The own-store rule (ADR 0030): a cashier bound to a store acts for that store only. */
describe('mayActForStore', () => {
  const MAIN = 'store-main';
  const OTHER = 'store-other';
  it.each<[string, Parameters<typeof mayActForStore>[0], string | null, boolean]>([
    ['a cashier at their own store', { role: 'cashier', storeId: MAIN }, MAIN, true],
    ['a cashier at another store', { role: 'cashier', storeId: MAIN }, OTHER, false],
    ['a cashier on a row booked to no store', { role: 'cashier', storeId: MAIN }, null, false],
    ['a cashier bound to no store, anywhere', { role: 'cashier', storeId: null }, OTHER, true],
    ['a Store Admin bound to a store, at another', { role: 'tenant_admin', storeId: MAIN }, OTHER, true],
    ['a Store Admin, anywhere', { role: 'tenant_admin', storeId: null }, null, true],
    ['the operator, anywhere', { role: 'platform_admin', storeId: null }, OTHER, true],
  ])('%s → %s', (_name, actor, storeId, allowed) => {
    expect(mayActForStore(actor, storeId)).toBe(allowed);
  });
});

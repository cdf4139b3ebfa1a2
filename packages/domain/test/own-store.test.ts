import { describe, expect, it } from 'vitest';
import { CASHIER_VOID_WINDOW_MS } from '@loyalty/contract';
import { mayActForStore, mayVoidAt } from '../src/own-store.ts';

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

/** The cashier's void window (ADR 0030): 15 minutes after the redemption, that instant included. */
describe('mayVoidAt', () => {
  const rungUp = new Date('2026-11-27T12:00:00.000Z');
  const after = (ms: number) => new Date(rungUp.getTime() + ms);
  it.each<[string, Parameters<typeof mayVoidAt>[0], number, boolean]>([
    ['a cashier at once', { role: 'cashier' }, 0, true],
    ['a cashier at exactly 15 minutes', { role: 'cashier' }, CASHIER_VOID_WINDOW_MS, true],
    ['a cashier a millisecond later', { role: 'cashier' }, CASHIER_VOID_WINDOW_MS + 1, false],
    ['a Store Admin a year later', { role: 'tenant_admin' }, 365 * 86_400_000, true],
  ])('%s → %s', (_name, actor, ms, allowed) => {
    expect(mayVoidAt(actor, rungUp, after(ms))).toBe(allowed);
  });
});

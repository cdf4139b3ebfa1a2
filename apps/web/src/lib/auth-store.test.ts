import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { ACME, userOf } from '@/test/fixtures';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';

describe('the remembered session: a corrupt state is dropped', () => {
  it('is restored from localStorage after a reload', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { user: userOf('cashier'), tenant: ACME, isAuthenticated: true }, version: 1 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ user: userOf('cashier'), tenant: ACME, isAuthenticated: true });
  });

  it.each([
    ['unparsable JSON', '{"state": '],
    [
      'a shape the contract no longer knows',
      JSON.stringify({ state: { user: { id: 1, role: 'superuser' }, tenant: null, isAuthenticated: true }, version: 1 }),
    ],
  ])('is logged and removed when corrupt (%s): the user is signed out', async (_what, raw) => {
    expectConsole('warn', `Discarding corrupt auth state in localStorage '${AUTH_STORAGE_KEY}'`);
    localStorage.setItem(AUTH_STORAGE_KEY, raw);
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ user: null, tenant: null, isAuthenticated: false });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('is forgotten on sign-out', () => {
    useAuthStore.getState().setSession({ user: userOf('tenant_admin'), tenant: ACME });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toMatchObject({ state: { isAuthenticated: true } });
    useAuthStore.getState().clear();
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toMatchObject({ state: { user: null, isAuthenticated: false } });
  });
});

import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { signIn } from '@/test/render';
import { answer, client as api } from '@/api/client';
import { useAuthStore } from './auth-store';
import { createQueryClient } from './query-client';

const signedIn = () => useAuthStore.getState().isAuthenticated;

describe('createQueryClient: a lost session signs the browser out (the guards then show /login)', () => {
  it('clears the session when a query answers 401', async () => {
    stubFetch().on('GET', '/api/t/acme/cards', json(401, { error: 'Not signed in', code: 'UNAUTHENTICATED' }));
    signIn(userOf('cashier'), ACME);
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['cards'], queryFn: () => answer(api.GET('/api/t/{slug}/cards', { params: { path: { slug: 'acme' } } })) }),
    ).rejects.toMatchObject({ status: 401 });
    expect(signedIn()).toBe(false);
  });

  it('clears the session when a mutation answers 401, but not for login (there 401 means a wrong password)', async () => {
    stubFetch().on('POST', '/api/auth/logout', json(401, { error: 'Invalid email or password', code: 'UNAUTHENTICATED' }));
    signIn(userOf('cashier'), ACME);
    const client = createQueryClient();
    const run = (meta?: Record<string, unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => answer(api.POST('/api/auth/logout')), meta })
        .execute(undefined);

    await expect(run({ skipAuthReset: true })).rejects.toMatchObject({ status: 401 });
    expect(signedIn()).toBe(true);
    await expect(run()).rejects.toMatchObject({ status: 401 });
    expect(signedIn()).toBe(false);
  });

  it('keeps the session on other errors', async () => {
    stubFetch().on('GET', '/api/t/acme/rules/cashback', json(403, { error: 'Forbidden', code: 'FORBIDDEN' }));
    signIn(userOf('cashier'), ACME);
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['rules'], queryFn: () => answer(api.GET('/api/t/{slug}/rules/cashback', { params: { path: { slug: 'acme' } } })) }),
    ).rejects.toMatchObject({ status: 403 });
    expect(signedIn()).toBe(true);
  });

  it('shows a 4xx at once but retries a network failure or 5xx twice', async () => {
    const server = stubFetch()
      .on('GET', '/api/t/acme/cards/A', json(404, { error: 'Card not found' }))
      .on('GET', '/api/t/acme/cards/B', json(503, {}));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['a'],
        queryFn: () => answer(api.GET('/api/t/{slug}/cards/{cardUid}', { params: { path: { slug: 'acme', cardUid: 'A' } } })),
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client.fetchQuery({
        queryKey: ['b'],
        queryFn: () => answer(api.GET('/api/t/{slug}/cards/{cardUid}', { params: { path: { slug: 'acme', cardUid: 'B' } } })),
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(server.requestsTo('GET', '/api/t/acme/cards/A')).toHaveLength(1);
    expect(server.requestsTo('GET', '/api/t/acme/cards/B')).toHaveLength(3);
  });
});

describe('createQueryClient: a change made offline is not held back and sent later', () => {
  it('fails a mutation at once while offline, and sends nothing when the connection returns', async () => {
    const server = stubFetch().on('POST', '/api/t/acme/transactions/redeem', json(200, { transactionId: 't1', newBalance: 0, amountRedeemed: 500 }));
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      // Offline, fetch itself fails: the browser cannot reach the server.
      const offline = () => Promise.reject(new TypeError('Failed to fetch'));
      const mutation = client.getMutationCache().build(client, { mutationFn: offline });
      await expect(mutation.execute(undefined)).rejects.toThrow('Failed to fetch');
      expect(mutation.state.isPaused).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
    await client.resumePausedMutations();
    expect(server.requestsTo('POST', '/api/t/acme/transactions/redeem')).toHaveLength(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { file, json, networkError, noContent, stubFetch, text } from '@/test/fetch-stub';
import { answer, answerFile, client } from './client';

/**
 * The typed client as the screens use it: requests go to the same origin with the session
 * cookie, answers come back typed, and every failure is the ApiError the screens handle.
 */

/** The ApiError a call rejects with (fails the test when it resolves). */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the call to fail, it answered ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  return outcome.error as ApiError;
}

const earn = (key = 'k-1') =>
  client.POST('/api/t/{slug}/transactions/earn', {
    params: { path: { slug: 'acme' }, header: { 'idempotency-key': key } },
    body: { cardUid: 'ACME0001', amountCents: 500 },
  });

describe('typed requests', () => {
  it('sends JSON to the document’s path with the session cookie and the Idempotency-Key', async () => {
    const server = stubFetch().on('POST', '/api/t/acme/transactions/earn', json(200, { newBalance: 1025 }));

    expect(await answer(earn())).toEqual({ newBalance: 1025 });

    const [sent] = server.requests;
    expect(sent.body).toEqual({ cardUid: 'ACME0001', amountCents: 500 });
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Idempotency-Key')).toBe('k-1');
    const [request] = vi.mocked(fetch).mock.calls[0];
    expect(request).toMatchObject({ credentials: 'include', method: 'POST' });
  });

  it('fills path parameters encoded and leaves undefined query values out', async () => {
    const server = stubFetch().on('GET', '/api/t/acme/transactions?type=EARN&page=2', json(200, { transactions: [], total: 0, pages: 0 }));
    await answer(client.GET('/api/t/{slug}/transactions', { params: { path: { slug: 'acme' }, query: { type: 'EARN', search: undefined, page: 2 } } }));
    expect(server.requests[0].path).toBe('/api/t/acme/transactions?type=EARN&page=2');
  });

  it('sends no body and no Content-Type on a GET', async () => {
    const server = stubFetch().on('GET', '/api/auth/me', json(200, { user: null }));
    await answer(client.GET('/api/auth/me'));
    expect(server.requests[0].body).toBeUndefined();
    expect(server.requests[0].headers.has('Content-Type')).toBe(false);
  });

  it('answers undefined for 204 No Content', async () => {
    stubFetch().on('DELETE', '/api/platform/plans/p1', noContent());
    await expect(answer(client.DELETE('/api/platform/plans/{id}', { params: { path: { id: 'p1' } } }))).resolves.toBeUndefined();
  });
});

describe('error mapping', () => {
  it('turns a { error, code, details } body into an ApiError with status, message, code and details', async () => {
    const details = [{ field: 'body.amountCents', message: 'Amount must be greater than 0' }];
    stubFetch().on('POST', '/api/t/acme/transactions/earn', json(422, { error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE', details }));

    const error = await failureOf(answer(earn()));

    expect(error).toMatchObject({ name: 'ApiError', status: 422, message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE', details });
    expect(isApiError(error, 422)).toBe(true);
    expect(isApiError(error, 400)).toBe(false);
  });

  it('uses the body’s message field when there is no error field', async () => {
    stubFetch().on('GET', '/api/platform/stats', json(403, { message: 'Access denied. Platform admin privileges required.' }));
    const error = await failureOf(answer(client.GET('/api/platform/stats')));
    expect(error.message).toBe('Access denied. Platform admin privileges required.');
    expect(error.code).toBeUndefined();
  });

  it('says HTTP {status}: {statusText} when the error body is not JSON (a proxy’s HTML page)', async () => {
    stubFetch().on('GET', '/api/auth/me', text(502, '<html><body>Bad Gateway</body></html>'));
    const error = await failureOf(answer(client.GET('/api/auth/me')));
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad Gateway', code: undefined, details: undefined });
  });

  it('says HTTP {status}: {statusText} when the error body is empty or has no text fields', async () => {
    stubFetch()
      .on('GET', '/api/auth/me', text(500, ''))
      .on('GET', '/api/auth/password-policy', json(404, { error: 42 }));
    expect((await failureOf(answer(client.GET('/api/auth/me')))).message).toBe('HTTP 500: Internal Server Error');
    expect((await failureOf(answer(client.GET('/api/auth/password-policy')))).message).toBe('HTTP 404: Not Found');
  });

  it('turns a failed fetch (no answer) into status 0, NETWORK_ERROR and the network message', async () => {
    stubFetch().on('POST', '/api/t/acme/transactions/earn', networkError());
    const error = await failureOf(answer(earn()));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Network error. Please check your connection.' });
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please check your connection.');
  });

  it('lets an aborted request reject as an AbortError, not as a network error', async () => {
    stubFetch().on('GET', '/api/t/acme/cards/ACME0001', json(200, {}));
    const controller = new AbortController();
    controller.abort();
    await expect(
      answer(client.GET('/api/t/{slug}/cards/{cardUid}', { params: { path: { slug: 'acme', cardUid: 'ACME0001' } }, signal: controller.signal })),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('file downloads', () => {
  it('answers the bytes and the file name of Content-Disposition', async () => {
    stubFetch().on(
      'GET',
      '/api/t/acme/reports/export/transactions?type=EARN',
      file('id,amount\n1,500\n', { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="transactions.csv"' }),
    );

    const { blob, filename } = await answerFile(
      client.GET('/api/t/{slug}/reports/export/transactions', { params: { path: { slug: 'acme' }, query: { type: 'EARN' } }, parseAs: 'blob' }),
    );

    expect(filename).toBe('transactions.csv');
    expect(await blob.text()).toBe('id,amount\n1,500\n');
  });

  it('maps a failed download like any call (the error body is JSON)', async () => {
    stubFetch().on('POST', '/api/t/acme/cards/qr/bulk-download', json(403, { error: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' }));
    const error = await failureOf(
      answerFile(
        client.POST('/api/t/{slug}/cards/qr/bulk-download', { params: { path: { slug: 'acme' } }, body: { cardUids: ['ACME0001'] }, parseAs: 'blob' }),
      ),
    );
    expect(error).toMatchObject({ status: 403, message: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' });
  });

  it('answers a null file name when the header names none', async () => {
    stubFetch().on('GET', '/api/t/acme/cards/c1/qr/download', file('png', { 'Content-Type': 'image/png' }));
    const { filename } = await answerFile(
      client.GET('/api/t/{slug}/cards/{cardUid}/qr/download', { params: { path: { slug: 'acme', cardUid: 'c1' } }, parseAs: 'blob' }),
    );
    expect(filename).toBeNull();
  });
});

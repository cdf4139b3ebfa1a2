import { describe, expect, it } from 'vitest';
import { file, json, networkError, noContent, stubFetch, text } from '@/test/fetch-stub';
import { api, ApiError, errorMessage, fieldIssues, filenameFromContentDisposition, isApiError, NETWORK_ERROR_MESSAGE, requestFile } from './api';

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

describe('lib/api requests', () => {
  it('sends JSON to /api with the session cookie and the extra headers', async () => {
    const server = stubFetch().on('POST', '/api/t/acme/transactions/earn', json(200, { newBalance: 1025 }));

    const answer = await api.post('/t/acme/transactions/earn', { amountCents: 500 }, { headers: { 'Idempotency-Key': 'k-1' } });

    expect(answer).toEqual({ newBalance: 1025 });
    const [sent] = server.requests;
    expect(sent.body).toEqual({ amountCents: 500 });
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Accept')).toBe('application/json');
    expect(sent.headers.get('Idempotency-Key')).toBe('k-1');
    expect(fetch).toHaveBeenCalledWith('/api/t/acme/transactions/earn', expect.objectContaining({ credentials: 'include', method: 'POST' }));
  });

  it('sends no body and no Content-Type on a GET', async () => {
    const server = stubFetch().on('GET', '/api/auth/me', json(200, { user: null }));
    await api.get('/auth/me');
    expect(server.requests[0].body).toBeUndefined();
    expect(server.requests[0].headers.has('Content-Type')).toBe(false);
  });

  it('answers null for 204 No Content and for an empty 200', async () => {
    stubFetch().on('DELETE', '/api/platform/plans/p1', noContent()).on('POST', '/api/auth/logout', text(200, ''));
    await expect(api.delete('/platform/plans/p1')).resolves.toBeNull();
    await expect(api.post('/auth/logout')).resolves.toBeNull();
  });
});

describe('lib/api error mapping', () => {
  it('turns a { error, code, details } body into an ApiError with status, message, code and details', async () => {
    const details = [{ field: 'body.amountCents', message: 'Amount must be greater than 0' }];
    stubFetch().on('POST', '/api/t/acme/transactions/redeem', json(422, { error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE', details }));

    const error = await failureOf(api.post('/t/acme/transactions/redeem', {}));

    expect(error).toMatchObject({ name: 'ApiError', status: 422, message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE', details });
    expect(isApiError(error, 422)).toBe(true);
    expect(isApiError(error, 400)).toBe(false);
  });

  it('uses the body’s message field when there is no error field', async () => {
    stubFetch().on('GET', '/api/platform/stats', json(403, { message: 'Access denied. Platform admin privileges required.' }));
    const error = await failureOf(api.get('/platform/stats'));
    expect(error.message).toBe('Access denied. Platform admin privileges required.');
    expect(error.code).toBeUndefined();
  });

  it('says HTTP {status}: {statusText} when the error body is not JSON (a proxy’s HTML page)', async () => {
    stubFetch().on('GET', '/api/t/acme/cards', text(502, '<html><body>Bad Gateway</body></html>'));
    const error = await failureOf(api.get('/t/acme/cards'));
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad Gateway', code: undefined, details: undefined });
  });

  it('says HTTP {status}: {statusText} when the error body is empty or has no text fields', async () => {
    stubFetch()
      .on('GET', '/api/a', text(500, ''))
      .on('GET', '/api/b', json(404, { error: 42 }));
    expect((await failureOf(api.get('/a'))).message).toBe('HTTP 500: Internal Server Error');
    expect((await failureOf(api.get('/b'))).message).toBe('HTTP 404: Not Found');
  });

  it('turns a failed fetch (no answer) into status 0, NETWORK_ERROR and the network message', async () => {
    stubFetch().on('POST', '/api/auth/login', networkError());
    const error = await failureOf(api.post('/auth/login', { email: 'a@b.c', password: 'x' }));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Network error. Please check your connection.' });
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please check your connection.');
  });

  it('lets an aborted request reject as an AbortError, not as a network error', async () => {
    stubFetch().on('GET', '/api/t/acme/cards/ACME0001', json(200, {}));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/t/acme/cards/ACME0001', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('fieldIssues and errorMessage', () => {
  it('lists the field issues without the body. prefix; an entry without a message takes the error’s', () => {
    const error = new ApiError(409, 'Email already in use', 'CONFLICT', [
      { field: 'body.email' },
      { field: 'body.firstName', message: 'First name is required' },
      { field: 'storeId', message: '' },
      { message: 'no field' },
      'garbage',
      null,
    ]);
    expect(fieldIssues(error)).toEqual([
      { field: 'email', message: 'Email already in use' },
      { field: 'firstName', message: 'First name is required' },
      { field: 'storeId', message: 'Email already in use' },
    ]);
  });

  it('has no field issues for other errors or details that are not a list', () => {
    expect(fieldIssues(new Error('boom'))).toEqual([]);
    expect(fieldIssues(new ApiError(400, 'Bad', 'VALIDATION', { field: 'name' }))).toEqual([]);
    expect(fieldIssues(undefined)).toEqual([]);
  });

  it('shows the server’s text, else the screen’s fallback', () => {
    expect(errorMessage(new ApiError(422, 'Card is blocked'), 'Transaction failed')).toBe('Card is blocked');
    expect(errorMessage(new Error('TypeError: x is undefined'), 'Transaction failed')).toBe('Transaction failed');
    expect(errorMessage(new ApiError(500, ''), 'Redemption failed')).toBe('Redemption failed');
  });
});

describe('file downloads', () => {
  it('answers the bytes and the file name of Content-Disposition', async () => {
    const server = stubFetch().on(
      'GET',
      '/api/t/acme/reports/export/transactions?type=EARN',
      file('id,amount\n1,500\n', { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="transactions.csv"' }),
    );

    const { blob, filename } = await requestFile('GET', '/t/acme/reports/export/transactions?type=EARN');

    expect(filename).toBe('transactions.csv');
    expect(await blob.text()).toBe('id,amount\n1,500\n');
    expect(server.requests[0].headers.get('Accept')).toBe('*/*');
  });

  it('maps a failed download like any call (the error body is JSON)', async () => {
    stubFetch().on('POST', '/api/t/acme/cards/qr/bulk-download', json(403, { error: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' }));
    const error = await failureOf(requestFile('POST', '/t/acme/cards/qr/bulk-download', { cardIds: [] }));
    expect(error).toMatchObject({ status: 403, message: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' });
  });

  it('answers a null file name when the header names none', async () => {
    stubFetch().on('GET', '/api/t/acme/cards/c1/qr/download', file('png', { 'Content-Type': 'image/png' }));
    expect((await requestFile('GET', '/t/acme/cards/c1/qr/download')).filename).toBeNull();
  });

  it('reads the name of Content-Disposition: RFC 5987 first, quoted, bare; never a path', () => {
    expect(filenameFromContentDisposition(`attachment; filename="cards.zip"; filename*=UTF-8''caf%C3%A9%20cards.zip`)).toBe('café cards.zip');
    expect(filenameFromContentDisposition('attachment; filename="qr-ACME0001.png"')).toBe('qr-ACME0001.png');
    expect(filenameFromContentDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.csv"`)).toBe('fallback.csv');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});

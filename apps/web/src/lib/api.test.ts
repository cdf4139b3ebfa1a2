import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, fieldIssues, filenameFromContentDisposition } from './api';

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

describe('file names', () => {
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

import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './use-idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('useIdempotencyKey (docs/product.md, Ledger)', () => {
  it('gives a retry of the same unchanged submission the same key, so the server cannot move money twice', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor('{"cardUid":"ACME0001","amountCents":5000}');
    expect(first).toMatch(UUID);
    expect(result.current.keyFor('{"cardUid":"ACME0001","amountCents":5000}')).toBe(first);
  });

  it('gives a changed submission a new key', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor('{"amountCents":5000}');
    const changed = result.current.keyFor('{"amountCents":6000}');
    expect(changed).toMatch(UUID);
    expect(changed).not.toBe(first);
  });

  it('gives the next submission a new key after a success, even with equal values', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor('{"amountCents":5000}');
    result.current.settle();
    const next = result.current.keyFor('{"amountCents":5000}');
    expect(next).toMatch(UUID);
    expect(next).not.toBe(first);
  });

  it('keeps its key across re-renders of the form', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor('{"amountCents":5000}');
    rerender();
    expect(result.current.keyFor('{"amountCents":5000}')).toBe(first);
  });
});

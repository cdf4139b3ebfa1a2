import { useCallback, useRef } from 'react';
import { randomUuid } from '@/lib/uuid';

/**
 * One `Idempotency-Key` per submission attempt (docs/product.md 'Ledger').
 *
 * `keyFor(fingerprint)` returns a fresh UUID for a new submission, and the same UUID again when
 * the previous submission with the same fingerprint (the serialised request values) failed and
 * the user retries it unchanged: if the first attempt did reach the server (e.g. the answer was
 * lost on a flaky network), the server replays its answer instead of moving money twice.
 * Call `settle()` after a success so the next submission, even with equal values, is new.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; fingerprint: string } | null>(null);

  const keyFor = useCallback((fingerprint: string): string => {
    if (pending.current && pending.current.fingerprint === fingerprint) return pending.current.key;
    const key = randomUuid();
    pending.current = { key, fingerprint };
    return key;
  }, []);

  const settle = useCallback(() => {
    pending.current = null;
  }, []);

  return { keyFor, settle };
}

import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/api';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';

/** What a POS mutation takes: the request body and the `Idempotency-Key` of this submission. */
interface MovementVariables<B> {
  body: B;
  idempotencyKey: string;
}

/**
 * What to do when a movement answers: `onSuccess` with the server's answer, `onError` with its
 * text. `onOffline`, when given, takes a movement that cannot reach the server (the browser is
 * offline, or the request got no HTTP answer) instead of `onError`: it receives the submission's
 * key and whether a request went out (it may have arrived), and resolves once it kept the
 * movement (a rejection keeps the key for the cashier's retry).
 */
interface MovementHandlers<R> {
  onSuccess: (result: R) => void;
  onError: (message: string, error: unknown) => void;
  onOffline?: (idempotencyKey: string, sentOnline: boolean) => Promise<void>;
}

/**
 * Sends one POS movement (earn or redeem) through `mutation` with an `Idempotency-Key`
 * (docs/product.md 'Ledger'): the same key again when the cashier retries the
 * same failed body unchanged, a new key after a success, after it was handed to `onOffline`, or
 * when the body changed. A failure is reported as the server's text, else `fallback` ('Transaction
 * failed' / 'Redemption failed'; a network failure reads 'Network error. Please check your
 * connection.'). With `onOffline` (the earn, and the redeem when the Store Admin allows offline
 * redemptions; docs/product.md 'Offline till') an offline browser
 * sends nothing and a request without an answer is handed over too. Returns `send(body, handlers)`.
 */
export function usePosMovement<B, R>(mutation: UseMutationResult<R, Error, MovementVariables<B>>, fallback: string) {
  const idempotency = useIdempotencyKey();
  return function send(body: B, { onSuccess, onError, onOffline }: MovementHandlers<R>): void {
    const idempotencyKey = idempotency.keyFor(JSON.stringify(body));
    const handOver = (sentOnline: boolean) => {
      void onOffline?.(idempotencyKey, sentOnline).then(idempotency.settle, () => undefined);
    };
    if (onOffline && !navigator.onLine) return handOver(false);
    mutation.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          idempotency.settle();
          onSuccess(result);
        },
        onError: (error) => (onOffline && isApiError(error, 0) ? handOver(true) : onError(errorMessage(error, fallback), error)),
      },
    );
  };
}

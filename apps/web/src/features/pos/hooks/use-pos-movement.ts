import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';

/** What a POS mutation takes: the request body and the `Idempotency-Key` of this submission. */
interface MovementVariables<B> {
  body: B;
  idempotencyKey: string;
}

/** What to do when a movement answers: `onSuccess` with the server's answer, `onError` with its text. */
interface MovementHandlers<R> {
  onSuccess: (result: R) => void;
  onError: (message: string, error: unknown) => void;
}

/**
 * Sends one POS movement (earn or redeem) through `mutation` with an `Idempotency-Key`
 * (docs/product.md 'Ledger'): the same key again when the cashier retries the
 * same failed body unchanged, a new key after a success or when the body changed. A failure is
 * reported as the server's text, else `fallback` ('Transaction failed' /
 * 'Redemption failed'; a network failure reads 'Network error. Please check your connection.').
 * Returns `send(body, handlers)`.
 */
export function usePosMovement<B, R>(mutation: UseMutationResult<R, Error, MovementVariables<B>>, fallback: string) {
  const idempotency = useIdempotencyKey();
  return function send(body: B, { onSuccess, onError }: MovementHandlers<R>): void {
    const idempotencyKey = idempotency.keyFor(JSON.stringify(body));
    mutation.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          idempotency.settle();
          onSuccess(result);
        },
        onError: (error) => onError(errorMessage(error, fallback), error),
      },
    );
  };
}

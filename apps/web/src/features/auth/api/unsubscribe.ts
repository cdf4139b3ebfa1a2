import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/unsubscribe?token=… (public): the customer of `token` gets no more e-mails
 * from the business (the link at the foot of every customer message).
 * @returns 200 `{ message }` ('You are unsubscribed. …'), also when already unsubscribed.
 * @throws {ApiError} 400 'This unsubscribe link is not valid.' for a malformed or forged token,
 *   429 when rate limited, 0 on network failure.
 */
function unsubscribe(token: string): Promise<{ message: string }> {
  return answer(client.POST('/api/unsubscribe', { params: { query: { token } } }));
}

/** Mutation hook of {@link unsubscribe}; `meta.skipAuthReset`: the page is public. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe, meta: { skipAuthReset: true } });
}

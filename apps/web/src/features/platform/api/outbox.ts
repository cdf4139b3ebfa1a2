import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { platformKeys, type OutboxListParams } from './keys';

/** Messages per page of the outbox (fixed by the server). */
export const OUTBOX_PAGE_SIZE = 20;

/** The query of the outbox list: `status`, `to` and `page` (empty filters left out). */
function outboxListQuery(params: OutboxListParams) {
  return { status: params.status || undefined, to: params.to?.trim() || undefined, page: params.page };
}

/**
 * GET /api/platform/outbox?status=&to=&page= (platform_admin): every e-mail the
 * product wrote, sent or not, newest first, 20 a page. `to` matches the recipient (contains,
 * case-insensitive). Answers `{ messages, total, page, totalPages }`; each `OutboxItem`:
 * id, tenantName (null for platform mail), kind, to, subject, status (PENDING | SENDING | SENT |
 * FAILED | NOT_SENT), attempts, lastError, nextAttemptAt, sentAt, createdAt (ISO).
 * Keyed `platformKeys.outboxList(params)`; while another filter or page loads the previous page
 * stays (isPlaceholderData) so the page dims it.
 * @throws {ApiError} 400 bad query, 401 signed out, 403 not platform_admin, 0 on network failure.
 */
export function useOutbox(params: OutboxListParams) {
  return useQuery({
    queryKey: platformKeys.outboxList(params),
    queryFn: ({ signal }) => answer(client.GET('/api/platform/outbox', { params: { query: outboxListQuery(params) }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/platform/outbox/{id} (platform_admin): one message with its rendered bodies
 * (`text`, `html`) and `attemptLog` (each attempt: at ISO, ok, error, durationMs). Disabled while
 * `id` is null (no message open).
 * @throws {ApiError} 401, 403, 404 unknown message, 0 on network failure.
 */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: platformKeys.outboxMessage(id ?? ''),
    queryFn: ({ signal }) => answer(client.GET('/api/platform/outbox/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: id !== null,
  });
}

/**
 * POST /api/platform/outbox/{id}/resend (platform_admin): puts the message back in
 * the queue (PENDING); the worker sends it on its next round. Answers 200 the `OutboxItem`.
 * On success every outbox query is marked stale (the list and the open message show the new
 * status). Toasts are the caller's.
 * @throws {ApiError} 401, 403, 404 unknown message, any other refusal with the server's text
 *   (show it), 0 on network failure.
 */
export function useResendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.POST('/api/platform/outbox/{id}/resend', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.outbox() }),
  });
}

import type { OutboxItem, OutboxListResponse, OutboxMessage } from '@loyalty/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { PLATFORM_API, platformKeys, type OutboxListParams } from './keys';

/** Messages per page of the outbox (fixed by the server). */
export const OUTBOX_PAGE_SIZE = 20;

/** The address of the outbox list: `?status=&to=&page=` (empty filters left out). */
function outboxListPath(params: OutboxListParams): string {
  const query = new URLSearchParams();
  if (params.status) query.set('status', params.status);
  const to = params.to?.trim();
  if (to) query.set('to', to);
  query.set('page', String(params.page));
  return `${PLATFORM_API}/outbox?${query}`;
}

/**
 * GET /api/platform/outbox?status=&to=&page= (platform_admin): every e-mail the
 * product wrote, sent or not, newest first, 20 a page. `to` matches the recipient (contains,
 * case-insensitive). Answers `{ messages, total, page, totalPages }`; each {@link OutboxItem}:
 * id, tenantName (null for platform mail), kind, to, subject, status (PENDING | SENDING | SENT |
 * FAILED | NOT_SENT), attempts, lastError, nextAttemptAt, sentAt, createdAt (ISO).
 * Keyed `platformKeys.outboxList(params)`; while another filter or page loads the previous page
 * stays (isPlaceholderData) so the page dims it.
 * @throws {ApiError} 400 bad query, 401 signed out, 403 not platform_admin, 0 on network failure.
 */
export function useOutbox(params: OutboxListParams) {
  return useQuery({
    queryKey: platformKeys.outboxList(params),
    queryFn: ({ signal }) => api.get<OutboxListResponse>(outboxListPath(params), { signal }),
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
    queryFn: ({ signal }) => api.get<OutboxMessage>(`${PLATFORM_API}/outbox/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/**
 * POST /api/platform/outbox/{id}/resend (platform_admin): puts the message back in
 * the queue (PENDING); the worker sends it on its next round. Answers 200 the {@link OutboxItem}.
 * On success every outbox query is marked stale (the list and the open message show the new
 * status). Toasts are the caller's.
 * @throws {ApiError} 401, 403, 404 unknown message, any other refusal with the server's text
 *   (show it), 0 on network failure.
 */
export function useResendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxItem>(`${PLATFORM_API}/outbox/${encodeURIComponent(id)}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.outbox() }),
  });
}

import { OutboxStatus, type OutboxItem } from '@loyalty/contract';
import { OUTBOX_STATUS_LABELS } from '@/lib/labels';

/** Options of the outbox status filter: every status, in the order a message goes through them. */
export const OUTBOX_STATUS_OPTIONS: readonly { value: OutboxStatus; label: string }[] = OutboxStatus.options.map((value) => ({
  value,
  label: OUTBOX_STATUS_LABELS[value],
}));

/** Whether `v` is an outbox status (for the ?status= address parameter). */
export function isOutboxStatus(v: string | null): v is OutboxStatus {
  return v !== null && (OutboxStatus.options as readonly string[]).includes(v);
}

/** The business a message belongs to, '—' for the platform's own mail. */
export function businessName(m: Pick<OutboxItem, 'tenantName'>): string {
  return m.tenantName ?? '—';
}

/** Whether the operator may queue `m` again: anything but a message a worker is sending right now. */
export function canResend(m: Pick<OutboxItem, 'status'>): boolean {
  return m.status !== 'SENDING';
}

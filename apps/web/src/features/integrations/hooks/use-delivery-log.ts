import { useState } from 'react';
import type { WebhookDeliveryItem } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhook-deliveries';
import { integrationsMessages } from '../messages';

/**
 * The delivery log of one endpoint:
 * - `deliveries`: the query of GET …/webhook-endpoints/{id}/deliveries (newest 100, newest
 *   first; `refresh()` refetches it);
 * - `openDelivery` / `toggle(d)`: the delivery whose response excerpt and payload are shown
 *   (one at a time; toggling it again closes it);
 * - `resend(d)`: POST …/deliveries/{id}/resend, toasts 'Delivery queued again' (the log
 *   refetches), else the server's text or 'Failed to resend the delivery. Please try again.';
 *   `resendingId` is the delivery whose resend runs.
 */
export function useDeliveryLog(slug: string, endpointId: string) {
  const deliveries = useWebhookDeliveries(slug, endpointId);
  const resendMutation = useResendDelivery(slug, endpointId);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = deliveries.data?.deliveries ?? [];
  const resend = (d: WebhookDeliveryItem) =>
    resendMutation.mutate(d.id, {
      onSuccess: () => toast.success(translate(integrationsMessages, 'resent')),
      onError: (err) => toast.error(errorMessage(err, translate(integrationsMessages, 'resendFailed'))),
    });
  return {
    deliveries,
    list,
    refresh: () => void deliveries.refetch(),
    openDelivery: list.find((d) => d.id === openId) ?? null,
    toggle: (d: WebhookDeliveryItem) => setOpenId((current) => (current === d.id ? null : d.id)),
    resend,
    resendingId: resendMutation.isPending ? resendMutation.variables : undefined,
  };
}

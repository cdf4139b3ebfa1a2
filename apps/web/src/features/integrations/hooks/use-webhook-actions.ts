import { useState } from 'react';
import type { WebhookEndpointItem } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { useSendTestEvent } from '../api/webhook-endpoints';
import { integrationsMessages } from '../messages';

/** Which endpoint form is open: none, add, or edit one endpoint. */
export type EndpointModal = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; endpoint: WebhookEndpointItem };

/**
 * The Webhooks tab's state (docs/product.md 'API keys and webhooks'):
 * - `modal` / `openCreate()` / `openEdit(e)` / `closeModal()`: the 'Add endpoint' / 'Edit endpoint' dialog;
 * - `deleting` / `setDeleting`: the endpoint whose deletion is being confirmed;
 * - `logOf` / `setLogOf`: the endpoint whose delivery log is open;
 * - `sendTest(e)`: POST …/webhook-endpoints/{id}/test at once, toasts 'Test event queued. It
 *   shows in the delivery log.', else the server's text or 'Failed to send the test event.
 *   Please try again.'; `testingId` is the endpoint whose test is being queued.
 */
export function useWebhookActions(slug: string) {
  const [modal, setModal] = useState<EndpointModal>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointItem | null>(null);
  const test = useSendTestEvent(slug);
  const sendTest = (endpoint: WebhookEndpointItem) =>
    test.mutate(endpoint.id, {
      onSuccess: () => toast.success(translate(integrationsMessages, 'testSent')),
      onError: (err) => toast.error(errorMessage(err, translate(integrationsMessages, 'testFailed'))),
    });
  return {
    modal,
    openCreate: () => setModal({ mode: 'create' }),
    openEdit: (endpoint: WebhookEndpointItem) => setModal({ mode: 'edit', endpoint }),
    closeModal: () => setModal({ mode: 'closed' }),
    deleting,
    setDeleting,
    logOf,
    setLogOf,
    sendTest,
    testingId: test.isPending ? test.variables : undefined,
  };
}

import type { WebhookEndpointItem } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useDeleteWebhookEndpoint } from '../api/webhook-endpoints';
import { integrationsMessages } from '../messages';

/**
 * The confirmation before deleting a webhook endpoint: 'Delete the endpoint {url}?
 * No more events are sent to it. This cannot be undone.' Nothing is sent before 'Delete
 * endpoint'. Success: toast 'Endpoint deleted', close (the list refetches). Failure: the
 * server's text in the dialog, else 'Failed to delete the endpoint. Please try again.'
 */
export function DeleteWebhookEndpointDialog({ slug, endpoint, onClose }: { slug: string; endpoint: WebhookEndpointItem | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint(slug);
  const t = useMessages(integrationsMessages);
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(t('endpointDeleted'));
        close();
      },
    });
  };
  return (
    <ActionConfirmDialog
      open={endpoint !== null}
      onClose={close}
      title={t('deleteTitle')}
      pending={remove.isPending}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel={t('deleteConfirm')}
      error={remove.isError ? errorMessage(remove.error, t('endpointDeleteFailed')) : null}
    >
      {endpoint && <p className="break-words">{t('deleteQuestion', { url: endpoint.url })}</p>}
    </ActionConfirmDialog>
  );
}

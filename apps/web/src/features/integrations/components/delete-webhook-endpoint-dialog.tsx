import type { WebhookEndpointItem } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { useDeleteWebhookEndpoint } from '../api/webhook-endpoints';
import { WEBHOOK_TEXTS } from '../lib/texts';

/**
 * The confirmation before deleting a webhook endpoint: 'Delete the endpoint {url}?
 * No more events are sent to it. This cannot be undone.' Nothing is sent before 'Delete
 * endpoint'. Success: toast 'Endpoint deleted', close (the list refetches). Failure: the
 * server's text in the dialog, else 'Failed to delete the endpoint. Please try again.'
 */
export function DeleteWebhookEndpointDialog({ slug, endpoint, onClose }: { slug: string; endpoint: WebhookEndpointItem | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint(slug);
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_TEXTS.deleted);
        close();
      },
    });
  };
  return (
    <ActionConfirmDialog
      open={endpoint !== null}
      onClose={close}
      title="Delete endpoint"
      pending={remove.isPending}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel="Delete endpoint"
      error={remove.isError ? errorMessage(remove.error, WEBHOOK_TEXTS.deleteFailed) : null}
    >
      {endpoint && <p className="break-words">{WEBHOOK_TEXTS.deleteQuestion(endpoint.url)}</p>}
    </ActionConfirmDialog>
  );
}

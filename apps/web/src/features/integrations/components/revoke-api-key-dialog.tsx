import type { ApiKeyItem } from '@loyalty/contract';
import { Ban } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { useRevokeApiKey } from '../api/api-keys';
import { API_KEY_TEXTS } from '../lib/texts';

/**
 * The confirmation before revoking an API key: "Revoke key '{name}'? Integrations
 * using it stop working at once. This cannot be undone." Nothing is sent before 'Revoke key'.
 * Success: toast 'API key revoked', close (the list refetches). Failure: the server's text in
 * the dialog, else 'Failed to revoke the API key. Please try again.'
 */
export function RevokeApiKeyDialog({ slug, apiKey, onClose }: { slug: string; apiKey: ApiKeyItem | null; onClose: () => void }) {
  const revoke = useRevokeApiKey(slug);
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(API_KEY_TEXTS.revoked);
        close();
      },
    });
  };
  return (
    <ActionConfirmDialog
      open={apiKey !== null}
      onClose={close}
      title="Revoke API key"
      pending={revoke.isPending}
      onConfirm={confirm}
      icon={Ban}
      confirmLabel="Revoke key"
      error={revoke.isError ? errorMessage(revoke.error, API_KEY_TEXTS.revokeFailed) : null}
    >
      {apiKey && <p>{API_KEY_TEXTS.revokeQuestion(apiKey.name)}</p>}
    </ActionConfirmDialog>
  );
}

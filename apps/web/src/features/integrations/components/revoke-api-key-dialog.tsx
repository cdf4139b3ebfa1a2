import type { ApiKeyItem } from '@loyalty/contract';
import { Ban } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useRevokeApiKey } from '../api/api-keys';
import { integrationsMessages } from '../messages';

/**
 * The confirmation before revoking an API key: "Revoke key '{name}'? Integrations
 * using it stop working at once. This cannot be undone." Nothing is sent before 'Revoke key'.
 * Success: toast 'API key revoked', close (the list refetches). Failure: the server's text in
 * the dialog, else 'Failed to revoke the API key. Please try again.'
 */
export function RevokeApiKeyDialog({ slug, apiKey, onClose }: { slug: string; apiKey: ApiKeyItem | null; onClose: () => void }) {
  const revoke = useRevokeApiKey(slug);
  const t = useMessages(integrationsMessages);
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(t('keyRevokedToast'));
        close();
      },
    });
  };
  return (
    <ActionConfirmDialog
      open={apiKey !== null}
      onClose={close}
      title={t('revokeTitle')}
      pending={revoke.isPending}
      onConfirm={confirm}
      icon={Ban}
      confirmLabel={t('revokeConfirm')}
      error={revoke.isError ? errorMessage(revoke.error, t('keyRevokeFailed')) : null}
    >
      {apiKey && <p>{t('revokeQuestion', { name: apiKey.name })}</p>}
    </ActionConfirmDialog>
  );
}

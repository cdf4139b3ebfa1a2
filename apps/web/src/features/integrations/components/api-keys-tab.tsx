import { useState } from 'react';
import type { ApiKeyItem } from '@loyalty/contract';
import { ExternalLink, KeyRound, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useApiKeys } from '../api/api-keys';
import { API_DOCS_URL } from '../lib/texts';
import { integrationsMessages } from '../messages';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/**
 * The API keys tab of Integrations (docs/product.md 'API keys and webhooks'): what keys are for,
 * with a link to the API reference (/api/v1/docs, in a new tab), 'Create API key', and the keys'
 * table (loading rows, 'No API keys yet', a load error with Try again, a red alert when a refresh
 * fails). Revoke asks first ({@link RevokeApiKeyDialog}).
 */
export function ApiKeysTab({ slug }: { slug: string }) {
  const keys = useApiKeys(slug);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const t = useMessages(integrationsMessages);
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('keysCreate')}
    </Button>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="min-w-64 flex-1 text-sm text-slate-600">
          {t('keysIntro')}{' '}
          <a
            href={API_DOCS_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline hover:text-indigo-800"
          >
            {t('keysDocsLink')}
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
        </p>
        {createButton}
      </div>
      {keys.isError && keys.data && <Alert tone="error">{errorMessage(keys.error, t('keysLoadFailed'))}</Alert>}
      {keys.isError && !keys.data ? (
        <LoadError title={t('keysLoadFailed')} query={keys} fallback={t('keysLoadFallback')} />
      ) : (
        <ApiKeysTable
          keys={keys.data?.keys ?? []}
          onRevoke={setRevoking}
          loading={keys.isPending}
          busy={keys.isFetching}
          empty={
            <EmptyState
              icon={<KeyRound aria-hidden="true" className="h-8 w-8" />}
              title={t('keysEmptyTitle')}
              description={t('keysEmptyDescription')}
              action={createButton}
            />
          }
        />
      )}
      <CreateApiKeyDialog slug={slug} open={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog slug={slug} apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

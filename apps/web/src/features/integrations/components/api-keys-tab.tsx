import { useState } from 'react';
import type { ApiKeyItem } from '@loyalty/contract';
import { ExternalLink, KeyRound, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useApiKeys } from '../api/api-keys';
import { API_DOCS_URL, API_KEY_TEXTS } from '../lib/texts';
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
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Create API key
    </Button>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="min-w-64 flex-1 text-sm text-slate-600">
          API keys let your till system or other software earn, redeem and look up cards and customers through our REST API, without a staff sign-in. Give each
          integration its own key with only the scopes it needs.{' '}
          <a
            href={API_DOCS_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline hover:text-indigo-800"
          >
            Read the API docs
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
        {createButton}
      </div>
      {keys.isError && keys.data && <Alert tone="error">{errorMessage(keys.error, API_KEY_TEXTS.loadFailed)}</Alert>}
      {keys.isError && !keys.data ? (
        <LoadError title={API_KEY_TEXTS.loadFailed} query={keys} fallback="Something went wrong while loading the API keys." />
      ) : (
        <ApiKeysTable
          keys={keys.data?.keys ?? []}
          onRevoke={setRevoking}
          loading={keys.isPending}
          busy={keys.isFetching}
          empty={
            <EmptyState
              icon={<KeyRound aria-hidden="true" className="h-8 w-8" />}
              title="No API keys yet"
              description="Create a key to connect your till or another system."
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

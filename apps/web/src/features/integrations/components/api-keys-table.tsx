import type { ReactNode } from 'react';
import type { ApiKeyItem } from '@loyalty/contract';
import { Ban } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, type Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { integrationsMessages, type IntegrationsT } from '../messages';

/** 'Never' for a key not used yet, else 'Jan 5, 2026, 3:04 PM' (to the minute, as the server records it). */
function lastUsedLabel(lastUsedAt: string | null, t: IntegrationsT): string {
  return lastUsedAt ? formatDateTime(lastUsedAt) : t('keyNever');
}

const KeyPrefix = ({ k }: { k: ApiKeyItem }) => <code className="font-mono text-sm whitespace-nowrap text-slate-800">{k.prefix}…</code>;
const Scopes = ({ k }: { k: ApiKeyItem }) => (
  <span className="flex flex-wrap gap-1">
    {k.scopes.map((s) => (
      <Badge key={s} color="indigo" className="font-mono">
        {s}
      </Badge>
    ))}
  </span>
);
function Status({ k }: { k: ApiKeyItem }) {
  const t = useMessages(integrationsMessages);
  return k.revokedAt ? <Badge color="grey">{t('keyRevoked')}</Badge> : <Badge color="green">{t('keyActive')}</Badge>;
}
const storeLabel = (k: ApiKeyItem, t: IntegrationsT) => k.storeName ?? t('keyAllStores');

/** 'Revoke' (ghost, red) on an active key; nothing on a revoked one. */
function RevokeButton({ k, onRevoke }: { k: ApiKeyItem; onRevoke: (k: ApiKeyItem) => void }) {
  const t = useMessages(integrationsMessages);
  if (k.revokedAt) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
      onClick={() => onRevoke(k)}
      aria-label={t('keyRevokeLabel', { name: k.name })}
    >
      <Ban aria-hidden="true" className="h-4 w-4" />
      {t('keyRevoke')}
    </Button>
  );
}

const columns = (onRevoke: (k: ApiKeyItem) => void, t: IntegrationsT): Column<ApiKeyItem>[] => [
  {
    id: 'name',
    header: t('keyColName'),
    className: 'max-w-[14rem]',
    cell: (k) => (
      <>
        <span className="block truncate font-medium text-slate-900">{k.name}</span>
        {k.createdByName && <span className="block truncate text-xs text-slate-500">{t('keyCreatedBy', { name: k.createdByName })}</span>}
      </>
    ),
  },
  { id: 'key', header: t('keyColKey'), cell: (k) => <KeyPrefix k={k} /> },
  { id: 'scopes', header: t('keyColScopes'), cell: (k) => <Scopes k={k} /> },
  { id: 'store', header: t('keyColStore'), className: 'text-slate-700', cell: (k) => storeLabel(k, t) },
  { id: 'lastUsed', header: t('keyColLastUsed'), className: 'whitespace-nowrap text-slate-600', cell: (k) => lastUsedLabel(k.lastUsedAt, t) },
  { id: 'created', header: t('keyColCreated'), className: 'whitespace-nowrap text-slate-600', cell: (k) => formatDate(k.createdAt) },
  { id: 'status', header: t('keyColStatus'), cell: (k) => <Status k={k} /> },
  { id: 'actions', header: <span className="sr-only">{t('colActions')}</span>, align: 'right', cell: (k) => <RevokeButton k={k} onRevoke={onRevoke} /> },
];

/** One key on a narrow screen: name and status, key prefix, scopes, store, last use, creation and Revoke. */
function ApiKeyCard({ k, onRevoke }: { k: ApiKeyItem; onRevoke: (k: ApiKeyItem) => void }) {
  const t = useMessages(integrationsMessages);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate font-medium text-slate-900">{k.name}</p>
        <Status k={k} />
      </div>
      <p className="mt-1">
        <KeyPrefix k={k} />
      </p>
      <div className="mt-2">
        <Scopes k={k} />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {t('keyCardLine', { store: storeLabel(k, t), lastUsed: lastUsedLabel(k.lastUsedAt, t), created: formatDate(k.createdAt) })}
      </p>
      {!k.revokedAt && (
        <div className="mt-2 flex justify-end border-t border-slate-100 pt-2">
          <RevokeButton k={k} onRevoke={onRevoke} />
        </div>
      )}
    </>
  );
}

/**
 * The API keys of the tenant (docs/product.md 'API keys and webhooks'): from the lg breakpoint a
 * table with Name (and who created it), Key (its prefix + '…', monospace), Scopes (badges), Store
 * ('All stores' when none), Last used ('Never' when null), Created, Status (Active / Revoked) and
 * Revoke on active keys; below it one card per key. Revoked keys are dimmed. `loading` shows
 * placeholder rows, `empty` replaces an empty list.
 */
export function ApiKeysTable({
  keys,
  onRevoke,
  loading,
  busy,
  empty,
}: {
  keys: ApiKeyItem[];
  onRevoke: (k: ApiKeyItem) => void;
  loading?: boolean;
  busy?: boolean;
  empty?: ReactNode;
}) {
  const t = useMessages(integrationsMessages);
  return (
    <Table
      caption={t('keysTableCaption')}
      listLabel={t('keysTableCaption')}
      columns={columns(onRevoke, t)}
      rows={keys}
      rowKey={(k) => k.id}
      rowProps={(k) => ({ 'data-revoked': String(Boolean(k.revokedAt)), className: cn('text-sm', k.revokedAt && 'text-slate-500') })}
      renderCard={(k) => <ApiKeyCard k={k} onRevoke={onRevoke} />}
      cardProps={() => ({ className: 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm' })}
      listClassName="space-y-3"
      breakpoint="lg"
      cellClassName="px-3 py-3 first:pl-4 last:pr-4"
      framed
      loading={loading}
      loadingLabel={t('keysLoading')}
      empty={empty}
      busy={busy}
    />
  );
}

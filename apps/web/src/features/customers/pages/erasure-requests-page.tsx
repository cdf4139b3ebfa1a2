import { useState } from 'react';
import type { ErasureRequestItem } from '@loyalty/contract';
import { ArrowLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useEraseRequested, useErasureRequests } from '../api/customer-data';
import { ErasureRequestsTable } from '../components/erasure-requests-table';
import { RichMessage, useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/**
 * Erasure requests /t/{slug}/customers/erasure-requests (tenant_admin; ADR 0026): the customers
 * who asked, from their account page, for their data to be erased, oldest first, each erased
 * automatically 30 days after asking. 'Erase now' asks once more (it cannot be undone) and
 * erases the customer: personal data removed, balance written off, cards blocked.
 */
export function ErasureRequestsPage() {
  const t = useMessages(customersMessages);
  const { slug = '' } = useParams();
  const requests = useErasureRequests(slug);
  const erase = useEraseRequested(slug);
  const [target, setTarget] = useState<ErasureRequestItem | null>(null);
  const close = () => {
    erase.reset();
    setTarget(null);
  };
  const confirm = () => {
    if (!target) return;
    erase.mutate(target.customerId, {
      onSuccess: () => {
        toast.success(t('eraseErased'));
        close();
      },
    });
  };
  return (
    <div className="mx-auto max-w-6xl">
      <Link to={`/t/${slug}/customers`} className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('requestsBack')}
      </Link>
      <PageHeader title={t('requestsTitle')} subtitle={t('requestsSubtitle')} />
      {requests.isError ? (
        <LoadError title={t('requestsLoadFailed')} query={requests} fallback={t('requestsLoadFailedFallback')} />
      ) : (
        <Card>
          <ErasureRequestsTable requests={requests.data?.requests ?? []} loading={requests.isPending} onErase={setTarget} />
        </Card>
      )}
      <ActionConfirmDialog
        open={target !== null}
        onClose={close}
        title={t('eraseTitle')}
        pending={erase.isPending}
        onConfirm={confirm}
        icon={UserX}
        confirmLabel={t('eraseTitle')}
        error={erase.isError ? errorMessage(erase.error, t('eraseFailed')) : null}
      >
        <p>
          <RichMessage
            catalog={customersMessages}
            id="requestsConfirm"
            values={{ name: target?.customerName }}
            components={{ name: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
      </ActionConfirmDialog>
    </div>
  );
}

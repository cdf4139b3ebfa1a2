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

/**
 * Erasure requests /t/{slug}/customers/erasure-requests (tenant_admin; ADR 0026): the customers
 * who asked, from their account page, for their data to be erased, oldest first, each erased
 * automatically 30 days after asking. 'Erase now' asks once more (it cannot be undone) and
 * erases the customer: personal data removed, balance written off, cards blocked.
 */
export function ErasureRequestsPage() {
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
        toast.success('Customer erased');
        close();
      },
    });
  };
  return (
    <div className="mx-auto max-w-6xl">
      <Link to={`/t/${slug}/customers`} className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Customers
      </Link>
      <PageHeader title="Erasure requests" subtitle="Customers who asked for their personal data to be erased" />
      {requests.isError ? (
        <LoadError title="Failed to load the erasure requests" query={requests} fallback="Something went wrong while loading the erasure requests." />
      ) : (
        <Card>
          <ErasureRequestsTable requests={requests.data?.requests ?? []} loading={requests.isPending} onErase={setTarget} />
        </Card>
      )}
      <ActionConfirmDialog
        open={target !== null}
        onClose={close}
        title="Erase customer"
        pending={erase.isPending}
        onConfirm={confirm}
        icon={UserX}
        confirmLabel="Erase customer"
        error={erase.isError ? errorMessage(erase.error, 'Failed to erase the customer. Please try again.') : null}
      >
        <p>
          Erase the personal data of <span className="font-semibold text-slate-900">{target?.customerName}</span>? Their cards are blocked and any remaining
          balance is written off. This cannot be undone.
        </p>
      </ActionConfirmDialog>
    </div>
  );
}

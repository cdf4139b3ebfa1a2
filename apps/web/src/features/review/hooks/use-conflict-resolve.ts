import { useState } from 'react';
import type { SyncConflictItem } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { useResolveConflict } from '../api/conflicts';
import { conflictMessages } from '../messages-conflicts';

/**
 * Marking sync conflicts resolved on the Review page (docs/product.md 'Offline till'):
 * `askResolve(conflict)` opens the confirmation ('Mark this conflict resolved?'); `confirmResolve`
 * marks it resolved, then closes the dialog and toasts 'Conflict on card {{uid}} marked resolved';
 * a refusal stays in the dialog as `resolveError` (the server's text: a 409 'This conflict was
 * already resolved'; else 'Failed to mark the conflict resolved. Please try again.'). `closeResolve`
 * cancels. Either way the lists of conflicts refresh (api/conflicts.ts).
 */
export function useConflictResolve(slug: string) {
  const resolve = useResolveConflict(slug);
  const [resolving, setResolving] = useState<SyncConflictItem | null>(null);

  const closeResolve = () => {
    resolve.reset();
    setResolving(null);
  };
  const confirmResolve = () => {
    if (!resolving) return;
    resolve.mutate(resolving, {
      onSuccess: (conflict) => {
        toast.success(translate(conflictMessages, 'resolved', { uid: conflict.cardUid }));
        closeResolve();
      },
    });
  };

  return {
    resolving,
    askResolve: setResolving,
    closeResolve,
    confirmResolve,
    resolvePending: resolve.isPending,
    resolveError: resolve.isError ? errorMessage(resolve.error, translate(conflictMessages, 'resolveFailed')) : null,
  };
}

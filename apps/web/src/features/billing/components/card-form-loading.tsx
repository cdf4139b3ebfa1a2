import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * The 'Add New Card' dialog's body while the card form is not ready yet: a small spinner
 * (`label` for screen readers) and the visible text (`children`, e.g. 'Preparing secure card form…').
 */
export function CardFormLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2 py-6 text-sm text-slate-500">
      <Spinner label={label} className="h-4 w-4" /> {children}
    </div>
  );
}

import { cn } from '@/lib/cn';

/** A spinning ring. `label` is announced to screen readers (role="status"). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <span aria-hidden="true" className={cn('inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the available space, for whole-page loading states. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-indigo-600">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { CreditCard, RefreshCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

function Bone({ className, round = false }: { className?: string; round?: boolean }) {
  return <div className={cn('animate-pulse bg-slate-200/80', round ? 'rounded-full' : 'rounded-md', className)} />;
}

/** Loading skeleton shaped like the loaded page: heading, card face, details, transactions. */
export function PublicCardSkeleton() {
  const t = useMessages(publicCardMessages);
  return (
    <div role="status" aria-label={t('loadingCard')} className="flex flex-col gap-5">
      <div className="space-y-2 pt-1">
        <Bone className="h-4 w-32" />
        <Bone className="h-8 w-52" />
        <Bone round className="h-5 w-20" />
      </div>
      <div className="h-56 animate-pulse rounded-3xl bg-gradient-to-br from-indigo-200 to-violet-200" />
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <Bone className="h-4 w-24" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Bone round className="h-9 w-9" />
            <Bone className="h-4 flex-1" />
          </div>
        ))}
      </div>
      <span className="sr-only">{t('loadingCard')}</span>
    </div>
  );
}

/** A centred message card for the page's error states ('Card Not Available', 'Invalid Card'). */
function StateCard({ icon, title, message, children }: { icon: ReactNode; title: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-[60dvh] items-center">
      <section role="alert" className="w-full rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-500">
          {icon}
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{message}</p>
        {children && <div className="mt-6 flex justify-center">{children}</div>}
      </section>
    </div>
  );
}

/** No such card (404 or an empty answer): 'Invalid Card'. */
export function InvalidCard() {
  const t = useMessages(publicCardMessages);
  return <StateCard icon={<SearchX className="h-7 w-7" />} title={t('invalidTitle')} message={t('invalidMessage')} />;
}

/**
 * Any other failure: 'Card Not Available' with the server's message, or 'Failed to
 * load card information' when there was no usable answer (network failure, unknown error).
 */
export function CardNotAvailable({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  const t = useMessages(publicCardMessages);
  return (
    <StateCard icon={<CreditCard className="h-7 w-7" />} title={t('notAvailableTitle')} message={message}>
      {onRetry && (
        <Button variant="outline" onClick={onRetry} loading={retrying}>
          {!retrying && <RefreshCw aria-hidden="true" className="h-4 w-4" />}
          {t('tryAgain')}
        </Button>
      )}
    </StateCard>
  );
}

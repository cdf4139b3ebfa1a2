import { CreditCard } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** The product logo and name. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const t = useMessages(componentsMessages);
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold', inverted ? 'text-white' : 'text-slate-900', className)}>
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <CreditCard aria-hidden="true" className="h-4 w-4" />
      </span>
      {t('brand')}
    </span>
  );
}

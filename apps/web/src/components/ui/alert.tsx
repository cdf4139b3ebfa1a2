import type { ReactNode } from 'react';
import { AlertCircle, AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { cva } from 'class-variance-authority';
import { cn } from '@/lib/cn';

type Tone = 'error' | 'warning' | 'info' | 'success';

/** The box's classes by tone (cva); a caller's className is merged after them and wins. */
const alertVariants = cva('flex gap-3 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    tone: {
      error: 'border-red-200 bg-red-50 text-red-800',
      warning: 'border-amber-200 bg-amber-50 text-amber-900',
      info: 'border-blue-200 bg-blue-50 text-blue-800',
      success: 'border-green-200 bg-green-50 text-green-800',
    } satisfies Record<Tone, string>,
  },
});

const icons: Record<Tone, typeof Info> = { error: AlertCircle, warning: AlertTriangle, info: Info, success: CheckCircle2 };

/**
 * A coloured message box. Errors use role="alert" (announced at once); other tones role="status".
 */
export function Alert({ tone = 'error', title, children, className }: { tone?: Tone; title?: ReactNode; children?: ReactNode; className?: string }) {
  const Icon = icons[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn(alertVariants({ tone }), className)}>
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : undefined}>{children}</div>}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** 'Access Denied' screen with a reason line and optional actions. */
export function AccessDenied({ message, children }: { message: string; children?: ReactNode }) {
  const t = useMessages(componentsMessages);
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <ShieldAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-500" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('accessDenied')}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        {children && <div className="mt-6 flex justify-center gap-3">{children}</div>}
      </div>
    </div>
  );
}

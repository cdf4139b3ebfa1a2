import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/**
 * Page frame of the public pages a customer opens on a phone (the card page from its QR code,
 * the join page from a store's poster): a soft background, one narrow column and a small
 * 'Loyalty Cards' footer. No app navigation: the visitor is a cardholder, not a signed-in user.
 */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const t = useMessages(componentsMessages);
  return (
    <div className="min-h-dvh bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-100">
      <main className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 pt-5 pb-8 sm:pt-10">{children}</main>
      <footer className="mx-auto flex max-w-md justify-center px-4 pb-8 text-slate-600">
        <span className="inline-flex items-center gap-1.5 text-xs">
          {t('poweredBy')} <Brand className="origin-left scale-75 text-slate-600" />
        </span>
      </footer>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Badge } from '@/components/ui/badge';
import { isExternalUrl } from '@/hooks/use-go-to-url';
import { useMessages } from '@/lib/i18n';
import { checkoutMessages } from '../messages';

const linkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A button-styled link to a path of the app (router) or to an absolute address (full load). */
export function GoLink({ to, children }: { to: string; children: ReactNode }) {
  if (isExternalUrl(to)) {
    return (
      <a href={to} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** The checkout page frame: grey backdrop, the brand and 'Demo checkout' badge, a centred white panel like a hosted payment page. */
export function CheckoutFrame({ children }: { children: ReactNode }) {
  const t = useMessages(checkoutMessages);
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-100 px-4 py-8 sm:justify-center sm:py-12">
      <div className="w-full max-w-md">
        <div className="mb-5 flex items-center justify-between gap-3">
          <Brand />
          <Badge color="orange" data-testid="demo-badge">
            {t('demoBadge')}
          </Badge>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white shadow-lg">{children}</div>
        <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-slate-600">
          <Lock aria-hidden="true" className="h-3.5 w-3.5" />
          {t('demoFooter')}
        </p>
      </div>
    </main>
  );
}

/** A final or failure state of the checkout panel: icon, heading (the page's h1), text and an action. */
export function StateBox({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      {icon}
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/** The seeded demo accounts (docs/product.md 'Accounts and sign-in'), shown on the login page; `label` is the role's catalog key. */
const DEMO_ACCOUNTS = [
  { label: 'demoPlatformAdmin', email: 'admin@platform.com', password: 'AdminSecure123!' },
  { label: 'demoStoreAdmin', email: 'admin@demo.com', password: 'DemoAdmin123!' },
  { label: 'demoCashier', email: 'cashier@demo.com', password: 'DemoCashier123!' },
  { label: 'demoCustomer', email: 'customer@demo.com', password: 'DemoCustomer123!' },
] as const;

/** One demo account. */
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * Demo accounts block: each row shows the role and e-mail and a 'Fill' button that puts the
 * account's e-mail and password into the form.
 */
export function DemoAccounts({ onFill }: { onFill: (account: DemoAccount) => void }) {
  const t = useMessages(authMessages);
  const base = useId();
  return (
    <section aria-labelledby={`${base}-title`} className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
      <h2 id={`${base}-title`} className="text-sm font-semibold text-slate-700">
        {t('demoAccountsTitle')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {DEMO_ACCOUNTS.map((account, i) => (
          <li key={account.email} className="flex items-center justify-between gap-3 py-2">
            <div id={`${base}-${i}`} className="min-w-0">
              <p className="text-sm font-medium text-slate-800">{t(account.label)}</p>
              <p className="truncate text-xs text-slate-500">{account.email}</p>
            </div>
            <Button variant="outline" size="sm" aria-describedby={`${base}-${i}`} onClick={() => onFill(account)}>
              {t('demoFill')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

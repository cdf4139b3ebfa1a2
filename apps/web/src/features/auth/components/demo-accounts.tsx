import { useId } from 'react';
import { Button } from '@/components/ui/button';

/** The seeded demo accounts (docs/product.md 'Accounts and sign-in'), shown on the login page. */
const DEMO_ACCOUNTS = [
  { label: 'Platform Admin', email: 'admin@platform.com', password: 'AdminSecure123!' },
  { label: 'Store Admin', email: 'admin@demo.com', password: 'DemoAdmin123!' },
  { label: 'Cashier', email: 'cashier@demo.com', password: 'DemoCashier123!' },
  { label: 'Customer', email: 'customer@demo.com', password: 'DemoCustomer123!' },
] as const;

/** One demo account. */
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * Demo accounts block: each row shows the role and e-mail and a 'Fill' button that puts the
 * account's e-mail and password into the form.
 */
export function DemoAccounts({ onFill }: { onFill: (account: DemoAccount) => void }) {
  const base = useId();
  return (
    <section aria-labelledby={`${base}-title`} className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
      <h2 id={`${base}-title`} className="text-sm font-semibold text-slate-700">
        Demo accounts
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {DEMO_ACCOUNTS.map((account, i) => (
          <li key={account.email} className="flex items-center justify-between gap-3 py-2">
            <div id={`${base}-${i}`} className="min-w-0">
              <p className="text-sm font-medium text-slate-800">{account.label}</p>
              <p className="truncate text-xs text-slate-500">{account.email}</p>
            </div>
            <Button variant="outline" size="sm" aria-describedby={`${base}-${i}`} onClick={() => onFill(account)}>
              Fill
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Gift, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * 'Ready to Earn More?' (shown for ACTIVE cards): invites the holder back to the store.
 * Its 'Create an account' link goes to /signup, which today creates a *business* account on a
 * free trial: the text around the link says so rather than promising a customer login (the
 * customer registration of docs/product.md 'Cards', by card UID and QR token, will take its place).
 */
export function EarnMoreBlock({ placeName }: { placeName: string }) {
  return (
    <section aria-labelledby="earn-more-title" className="rounded-2xl bg-gradient-to-br from-emerald-50 to-teal-50 p-5 ring-1 ring-emerald-100">
      <div className="flex gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Gift className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id="earn-more-title" className="text-base font-semibold text-emerald-950">
            Ready to Earn More?
          </h2>
          <p className="mt-1 text-sm text-emerald-900/80">
            Shop at <span className="font-medium text-emerald-950">{placeName}</span> and show this card at checkout: every purchase adds cashback to your
            balance.
          </p>
          <p className="mt-3 text-sm text-emerald-900/80">
            Run a business yourself?{' '}
            <Link to={paths.signup} className="font-semibold text-emerald-700 underline decoration-emerald-300 underline-offset-2 hover:text-emerald-800">
              Create an account
            </Link>{' '}
            and start your own cashback programme.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The security notice of the public card page. */
export function SecurityNotice() {
  return (
    <aside aria-label="Security notice" className="flex gap-3 rounded-2xl border border-slate-200 bg-white/70 p-4">
      <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" />
      <div className="text-sm">
        <p className="font-medium text-slate-900">Security notice</p>
        <p className="mt-0.5 text-slate-600">Keep your card safe. Anyone holding it can see its balance; staff will never ask for your password.</p>
      </div>
    </aside>
  );
}

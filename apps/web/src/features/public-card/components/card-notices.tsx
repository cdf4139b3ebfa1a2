import { Gift, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RichMessage, useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

/**
 * 'Ready to Earn More?' (shown for ACTIVE cards): invites the holder back to the store.
 * Its 'Create an account' link goes to /signup, which today creates a *business* account on a
 * free trial: the text around the link says so rather than promising a customer login (the
 * customer registration of docs/product.md 'Cards', by card UID and QR token, will take its place).
 */
export function EarnMoreBlock({ placeName }: { placeName: string }) {
  const t = useMessages(publicCardMessages);
  return (
    <section aria-labelledby="earn-more-title" className="rounded-2xl bg-gradient-to-br from-emerald-50 to-teal-50 p-5 ring-1 ring-emerald-100">
      <div className="flex gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Gift className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id="earn-more-title" className="text-base font-semibold text-emerald-950">
            {t('earnMoreTitle')}
          </h2>
          <p className="mt-1 text-sm text-emerald-900/80">
            <RichMessage
              catalog={publicCardMessages}
              id="earnMoreShop"
              values={{ placeName }}
              components={{ place: <span className="font-medium text-emerald-950" /> }}
            />
          </p>
          <p className="mt-3 text-sm text-emerald-900/80">
            <RichMessage
              catalog={publicCardMessages}
              id="earnMoreBusiness"
              components={{
                signup: (
                  <Link
                    to={paths.signup}
                    className="font-semibold text-emerald-700 underline decoration-emerald-300 underline-offset-2 hover:text-emerald-800"
                  />
                ),
              }}
            />
          </p>
        </div>
      </div>
    </section>
  );
}

/** The security notice of the public card page. */
export function SecurityNotice() {
  const t = useMessages(publicCardMessages);
  return (
    <aside aria-label={t('securityTitle')} className="flex gap-3 rounded-2xl border border-slate-200 bg-white/70 p-4">
      <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" />
      <div className="text-sm">
        <p className="font-medium text-slate-900">{t('securityTitle')}</p>
        <p className="mt-0.5 text-slate-600">{t('securityText')}</p>
      </div>
    </aside>
  );
}

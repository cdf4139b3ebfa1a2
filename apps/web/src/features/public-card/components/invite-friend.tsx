import { UserPlus } from 'lucide-react';
import { InviteFriend } from '@/components/invite-friend';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

/**
 * 'Invite a friend' on the public card page (docs/product.md 'Rewards'), while the business runs
 * referrals: a titled section with what a referral earns and the holder's referral link to copy
 * ({@link InviteFriend}: 'Your referral link', a hint to copy it by hand when the clipboard is refused).
 */
export function InviteFriendSection({ link }: { link: string }) {
  const t = useMessages(publicCardMessages);
  return (
    <section aria-labelledby="invite-friend-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex gap-3">
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <UserPlus className="h-4 w-4" />
        </span>
        <div className="min-w-0">
          <h2 id="invite-friend-title" className="text-sm font-semibold text-slate-900">
            {t('inviteTitle')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{t('inviteText')}</p>
        </div>
      </div>
      <div className="mt-3 space-y-2">
        <InviteFriend link={link} label={t('inviteLinkLabel')} copiedStatus={t('inviteCopiedStatus')} copyFailed={t('inviteCopyFailed')} />
      </div>
    </section>
  );
}

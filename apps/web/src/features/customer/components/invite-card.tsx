import { InviteFriend } from '@/components/invite-friend';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FactRow } from '@/components/ui/facts';
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * 'Invite a friend' on the customer's own page, while the business runs referrals (docs/product.md
 * 'Rewards'): what a referral earns, the customer's referral code and their invitation link to
 * copy ({@link InviteFriend}: 'Your invitation link', a hint to copy it by hand when the clipboard
 * is refused).
 */
export function InviteCard({ code, link }: { code: string; link: string }) {
  const t = useMessages(customerMessages);
  return (
    <Card data-testid="invite-card">
      <CardHeader>
        <CardTitle>{t('inviteTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{t('inviteText')}</p>
        <dl>
          <FactRow label={t('inviteCode')}>
            <span className="font-mono tracking-wider" data-testid="referral-code">
              {code}
            </span>
          </FactRow>
        </dl>
        <InviteFriend link={link} label={t('inviteLink')} copiedStatus={t('inviteCopiedStatus')} copyFailed={t('inviteCopyFailed')} />
      </CardContent>
    </Card>
  );
}

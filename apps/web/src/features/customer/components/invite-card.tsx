import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FactRow } from '@/components/ui/facts';
import { Input } from '@/components/ui/input';
import { useCopy } from '@/hooks/use-copy';
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * 'Invite a friend' on the customer's own page, while the business runs referrals (docs/product.md
 * 'Rewards'): what a referral earns, the customer's referral code and their invitation link in a
 * read-only field with Copy, which turns into 'Copied' for two seconds (announced); when the
 * browser refuses the clipboard, a hint to copy by hand.
 */
export function InviteCard({ code, link }: { code: string; link: string }) {
  const t = useMessages(customerMessages);
  const { state, copy } = useCopy();
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
        <div className="flex items-end gap-2">
          <Input
            label={t('inviteLink')}
            readOnly
            value={link}
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            wrapperClassName="min-w-0 flex-1"
            className="bg-slate-50 font-mono text-sm"
          />
          <Button variant="outline" className="shrink-0" onClick={() => void copy(link)}>
            {state === 'copied' ? <Check aria-hidden="true" className="h-4 w-4 text-green-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
            {state === 'copied' ? t('inviteCopied') : t('inviteCopy')}
          </Button>
        </div>
        <p role="status" className={state === 'failed' ? 'text-sm text-red-600' : 'sr-only'}>
          {state === 'copied' && t('inviteCopiedStatus')}
          {state === 'failed' && t('inviteCopyFailed')}
        </p>
      </CardContent>
    </Card>
  );
}

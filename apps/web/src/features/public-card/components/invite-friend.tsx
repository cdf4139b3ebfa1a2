import { Check, Copy, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCopy } from '@/hooks/use-copy';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

/**
 * 'Invite a friend' (docs/product.md 'Rewards'), while the business runs referrals: the holder's
 * referral link in a read-only field (selected when focused) and a Copy button that reads
 * 'Copied' for two seconds (announced); when the browser refuses the clipboard, a hint to copy
 * the link by hand.
 */
export function InviteFriend({ link }: { link: string }) {
  const t = useMessages(publicCardMessages);
  const { state, copy } = useCopy();
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
      <div className="mt-3 flex items-end gap-2">
        <Input
          label={t('inviteLinkLabel')}
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
      <p role="status" className={state === 'failed' ? 'mt-2 text-sm text-red-600' : 'sr-only'}>
        {state === 'copied' && t('inviteCopiedStatus')}
        {state === 'failed' && t('inviteCopyFailed')}
      </p>
    </section>
  );
}

import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCopy } from '@/hooks/use-copy';
import { defineMessages, useMessages } from '@/lib/i18n';

/** The texts of the referral link's Copy button (ADR 0042). */
const inviteFriendMessages = defineMessages('components.inviteFriend', {
  copy: 'Copy',
  copied: 'Copied',
});

/**
 * The referral link of 'Invite a friend' (docs/product.md 'Rewards'), for the customer's own page
 * and the public card page: the link in a read-only field labelled `label` (selected when
 * focused) and a Copy button that reads 'Copied' for two seconds, announced with `copiedStatus`;
 * when the browser refuses the clipboard, `copyFailed` asks to copy the link by hand. Renders the
 * row and the status line side by side: the caller's container spaces them.
 */
export function InviteFriend({ link, label, copiedStatus, copyFailed }: { link: string; label: string; copiedStatus: string; copyFailed: string }) {
  const t = useMessages(inviteFriendMessages);
  const { state, copy } = useCopy();
  return (
    <>
      <div className="flex items-end gap-2">
        <Input
          label={label}
          readOnly
          value={link}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          wrapperClassName="min-w-0 flex-1"
          className="bg-slate-50 font-mono text-sm"
        />
        <Button variant="outline" className="shrink-0" onClick={() => void copy(link)}>
          {state === 'copied' ? <Check aria-hidden="true" className="h-4 w-4 text-green-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {state === 'copied' ? t('copied') : t('copy')}
        </Button>
      </div>
      <p role="status" className={state === 'failed' ? 'text-sm text-red-600' : 'sr-only'}>
        {state === 'copied' && copiedStatus}
        {state === 'failed' && copyFailed}
      </p>
    </>
  );
}

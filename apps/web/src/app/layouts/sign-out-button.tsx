import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLogout } from '@/features/auth/api/logout';
import { useMessages } from '@/lib/i18n';
import { listQueue } from '@/lib/offline/queue';
import { appMessages } from '@/app/messages';

/**
 * The header's Sign out. With movements of this till not yet accepted by the server (the offline
 * queue, docs/product.md 'Offline till') it asks first, naming their number: 'Stay signed in'
 * keeps the session, 'Sign out anyway' signs out and the movements stay on the till, sent when
 * someone signs in to that business here again. The queue is read at the press, so a press right
 * after the page opened still asks.
 */
export function SignOutButton() {
  const logout = useLogout();
  const t = useMessages(appMessages);
  /** The number of unsynced movements while the question is open, else null. */
  const [unsynced, setUnsynced] = useState<number | null>(null);
  const signOut = () =>
    void listQueue(null).then(
      (items) => (items.length > 0 ? setUnsynced(items.length) : logout.mutate()),
      () => logout.mutate(),
    );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={signOut} disabled={logout.isPending}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">{t('signOut')}</span>
      </Button>
      <ConfirmDialog
        open={unsynced !== null}
        onClose={() => setUnsynced(null)}
        title={t('signOutUnsyncedTitle', { count: unsynced ?? 0 })}
        confirmLabel={t('signOutAnyway')}
        cancelLabel={t('staySignedIn')}
        destructive
        pending={logout.isPending}
        onConfirm={() => logout.mutate()}
      >
        <p>{t('signOutUnsyncedBody', { count: unsynced ?? 0 })}</p>
      </ConfirmDialog>
    </>
  );
}

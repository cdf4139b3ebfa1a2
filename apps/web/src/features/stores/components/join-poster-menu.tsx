import type { PosterPaper, StoreItem } from '@loyalty/contract';
import { ChevronDown, ExternalLink, FileDown, QrCode } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api';
import { useDownloadJoinPoster } from '../api/join-poster';
import { translate, useMessages } from '@/lib/i18n';
import { storesMessages } from '../messages';

/** Toasts of the poster download (the catalog's texts, in the language at the time of the call). */
export const POSTER_MESSAGES = {
  get downloaded(): string {
    return translate(storesMessages, 'posterDownloaded');
  },
  get failed(): string {
    return translate(storesMessages, 'posterFailed');
  },
};

/** The papers offered, in menu order, with the catalog keys of their names. */
const PAPERS: ReadonlyArray<{ paper: PosterPaper; label: 'paperA4' | 'paperLetter' }> = [
  { paper: 'a4', label: 'paperA4' },
  { paper: 'letter', label: 'paperLetter' },
];

/** Whether the store's 'Join our rewards' page takes sign-ups, so that its poster can be printed (active and self-enrolment on). */
function takesSignUps(store: Pick<StoreItem, 'active' | 'selfEnrolment'>): boolean {
  return store.active && store.selfEnrolment;
}

/** The store's 'Join our rewards' page, the address its poster's QR encodes. */
function joinPagePath(slug: string, storeId: string): string {
  return `/${encodeURIComponent(slug)}/join?store=${encodeURIComponent(storeId)}`;
}

/**
 * The store card's self-enrolment corner (docs/product.md 'Online sign-up'). When the store
 * takes sign-ups: a 'Join poster' menu button ('Join poster for {name}') offering the printable
 * PDF on A4 or Letter; the chosen file downloads, with a toast either way (the server's message
 * on failure); and 'Open sign-up page', the page the poster's QR leads to
 * (`/{slug}/join?store={id}`), in a new tab, to try it or share its address. Otherwise a muted 'Online sign-up off' note (self-enrolment off, or the store
 * inactive: its join page is a 404).
 */
export function JoinPosterMenu({ slug, store }: { slug: string; store: StoreItem }) {
  const t = useMessages(storesMessages);
  const download = useDownloadJoinPoster(slug);
  if (!takesSignUps(store)) {
    return (
      <span className="text-xs text-slate-500" data-testid="online-signup-off">
        {t('signUpOff')}
      </span>
    );
  }
  const pending = download.isPending;
  const run = (paper: PosterPaper) =>
    download.mutate(
      { storeId: store.id, paper },
      {
        onSuccess: () => toast.success(POSTER_MESSAGES.downloaded),
        onError: (error) => toast.error(errorMessage(error, POSTER_MESSAGES.failed)),
      },
    );
  return (
    <DropdownMenu
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('posterLabel', { name: store.name })}
          aria-busy={pending || undefined}
          className="data-[state=open]:bg-slate-100"
        >
          {pending ? (
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          ) : (
            <QrCode aria-hidden="true" className="h-4 w-4" />
          )}
          {t('poster')}
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5 text-slate-400" />
        </Button>
      }
    >
      {PAPERS.map(({ paper, label }) => (
        <DropdownMenuItem key={paper} onSelect={() => run(paper)} disabled={pending}>
          <FileDown aria-hidden="true" className="h-4 w-4" />
          {t(label)}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => window.open(joinPagePath(slug, store.id), '_blank', 'noopener')}>
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        {t('openSignUpPage')}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

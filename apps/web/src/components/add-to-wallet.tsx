import { Wallet } from 'lucide-react';
import { useGoogleSaveLink, type GoogleSaveLinkSource } from '@/api/get-google-save-link';
import { useAppleWalletAvailable, useGoogleWalletAvailable } from '@/api/get-wallet-availability';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from './messages';

/** The wallet buttons' look: black, as both wallets ask their buttons to be. */
const WALLET_BUTTON =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-black px-4 text-sm font-medium text-white shadow-sm hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none';

/**
 * The public Apple Wallet pass download of a card, from the address of its public page (what
 * its QR encodes, `{PUBLIC_URL}/{slug}/c/{cardUid}?t={token}`): `/api/{slug}/c/{cardUid}/wallet/apple?t={token}`.
 */
export function applePassUrlOf(cardPageUrl: string): string {
  const page = new URL(cardPageUrl, window.location.origin);
  return `/api${page.pathname}/wallet/apple${page.search}`;
}

/**
 * 'Add to Apple Wallet': a link that downloads the card's pass (`href`, one of the wallet
 * routes of docs/product.md 'Wallet passes'); a phone opens it in Wallet. Shown only where the
 * install issues Apple passes (`useAppleWalletAvailable`); renders nothing otherwise.
 */
export function AddToAppleWallet({ href, className }: { href: string; className?: string }) {
  const available = useAppleWalletAvailable();
  const t = useMessages(componentsMessages);
  if (!available) return null;
  return (
    <a href={href} download className={cn(WALLET_BUTTON, className)}>
      <Wallet aria-hidden="true" className="h-4 w-4" />
      {t('addToAppleWallet')}
    </a>
  );
}

/**
 * 'Save to Google Wallet': a link to the card's signed save address (read through
 * `useGoogleSaveLink` from one of the wallet routes of docs/product.md 'Wallet passes'), which
 * Google Wallet opens. Shown only where the install issues Google links and once the address
 * has loaded; renders nothing otherwise.
 */
export function SaveToGoogleWallet({ source, className }: { source: GoogleSaveLinkSource; className?: string }) {
  const available = useGoogleWalletAvailable();
  const saveUrl = useGoogleSaveLink(source, available);
  const t = useMessages(componentsMessages);
  if (!available || !saveUrl) return null;
  return (
    <a href={saveUrl} target="_blank" rel="noopener noreferrer" className={cn(WALLET_BUTTON, className)}>
      <Wallet aria-hidden="true" className="h-4 w-4" />
      {t('saveToGoogleWallet')}
    </a>
  );
}

/**
 * A public card address's parts for its Google link: the slug, the card number and the QR token
 * of `{PUBLIC_URL}/{slug}/c/{cardUid}?t={token}`; null when it is not such an address.
 */
export function publicGoogleSourceOf(cardPageUrl: string): GoogleSaveLinkSource | null {
  const page = new URL(cardPageUrl, window.location.origin);
  const [slug, c, cardUid] = page.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const token = page.searchParams.get('t');
  return slug && c === 'c' && cardUid && token ? { kind: 'public', slug, cardUid, token } : null;
}

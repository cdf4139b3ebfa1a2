import { useEffect } from 'react';
import type { PublicCardResponse } from '@loyalty/contract';
import { Ban, Info } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { CardStatusBadge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api';
import { usePublicCard } from '../api/get-public-card';
import { CardDetails } from '../components/card-details';
import { CardFace } from '../components/card-face';
import { EarnMoreBlock, SecurityNotice } from '../components/card-notices';
import { PublicPageLayout } from '@/components/public-page-layout';
import { AddToAppleWallet, SaveToGoogleWallet } from '@/components/add-to-wallet';
import { CardNotAvailable, InvalidCard, PublicCardSkeleton } from '../components/public-card-states';
import { ExpiringSoon } from '@/components/ledger/expiring-soon';
import { RecentTransactions } from '../components/recent-transactions';
import { InviteFriendSection } from '../components/invite-friend';
import { useMessages } from '@/lib/i18n';
import { publicCardMessages } from '../messages';

/** The holder's name of a full card: the server's holderName, else the customer's name, else null. */
function holderNameOf(card: PublicCardResponse): string | null {
  if (card.holderName?.trim()) return card.holderName.trim();
  const name = card.customer ? `${card.customer.firstName} ${card.customer.lastName}`.trim() : '';
  return name || null;
}

/** While mounted, the tab shows `title`; the previous title comes back on unmount. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/**
 * The loaded card. With a valid token (`full`): holder name or 'Unassigned Card', customer info,
 * store, activation date and recent transactions, and for an active card 'Add to Apple Wallet'
 * (the pass of GET /api/{slug}/c/{cardUid}/wallet/apple with the same token), and 'Invite a friend'
 * with the holder's referral link while the business runs referrals. Without one: a
 * neutral 'Loyalty card' heading, the card number, status and balance only (docs/product.md
 * 'Cards', 'Wallet passes').
 */
function PublicCardView({ card, slug, token }: { card: PublicCardResponse; slug: string; token: string | null }) {
  const hadToken = token !== null;
  const t = useMessages(publicCardMessages);
  const holder = card.full ? holderNameOf(card) : null;
  const heading = card.full ? (holder ?? t('unassignedHeading')) : t('anonymousHeading');
  return (
    <>
      <header>
        <p className="text-sm font-medium text-indigo-700">{card.tenantName}</p>
        <h1 className="mt-0.5 text-2xl font-bold tracking-tight break-words text-slate-900">{heading}</h1>
        <div className="mt-2">
          <CardStatusBadge status={card.status} />
        </div>
        {!card.full && (
          <p className="mt-3 flex gap-2 text-sm text-slate-600">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
            {hadToken ? t('tokenNotVerified') : t('noToken')}
          </p>
        )}
      </header>

      <CardFace tenantName={card.tenantName} cardUid={card.cardUid} balanceCents={card.balanceCents} status={card.status} holderName={holder} />

      {card.full && card.status === 'ACTIVE' && token && (
        <div className="grid gap-2">
          <AddToAppleWallet
            href={`/api/${encodeURIComponent(slug)}/c/${encodeURIComponent(card.cardUid)}/wallet/apple?t=${encodeURIComponent(token)}`}
            className="w-full"
          />
          <SaveToGoogleWallet source={{ kind: 'public', slug, cardUid: card.cardUid, token }} className="w-full" />
        </div>
      )}

      {card.status === 'BLOCKED' && (
        <div role="status" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <Ban aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{t('blocked', { tenantName: card.tenantName })}</p>
        </div>
      )}
      {card.full && card.status === 'UNASSIGNED' && (
        <div role="status" className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
          <p>{t('notActivated')}</p>
        </div>
      )}

      {card.full && <CardDetails card={card} />}
      {card.full && <ExpiringSoon items={card.expiringSoon ?? []} />}
      {card.full && <RecentTransactions transactions={card.transactions ?? []} />}
      {card.full && card.referralLink && <InviteFriendSection link={card.referralLink} />}
      {card.status === 'ACTIVE' && <EarnMoreBlock placeName={(card.full && card.storeName) || card.tenantName} />}
      <SecurityNotice />
    </>
  );
}

/**
 * Public card page /{slug}/c/{cardUid}?t=, opened from the card's QR code, usually on a phone. No
 * login: it sits outside every route guard, and a signed-in visitor stays here too. States: loading
 * skeleton; 404 or no data → 'Invalid Card'; an API error → 'Card Not Available' with its message;
 * no usable answer (network, unknown) → 'Card Not Available' / 'Failed to load card information'.
 */
export function PublicCardPage() {
  const t = useMessages(publicCardMessages);
  const { slug = '', cardUid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t')?.trim() || null;
  const query = usePublicCard(slug, cardUid, token);
  useDocumentTitle(query.data ? t('documentTitle', { tenantName: query.data.tenantName }) : null);

  let content;
  if (query.isPending) {
    content = <PublicCardSkeleton />;
  } else if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) content = <InvalidCard />;
    else {
      const apiAnswered = error instanceof ApiError && error.status > 0 && Boolean(error.message);
      content = <CardNotAvailable message={apiAnswered ? error.message : t('loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    }
  } else if (!query.data) {
    content = <InvalidCard />;
  } else {
    content = <PublicCardView card={query.data} slug={slug} token={token} />;
  }

  return <PublicPageLayout>{content}</PublicPageLayout>;
}

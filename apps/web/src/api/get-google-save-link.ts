import { useQuery } from '@tanstack/react-query';
import { answer, client } from './client';
import { installKeys } from './keys';

/**
 * Whose 'Save to Google Wallet' link to read (docs/product.md 'Wallet passes'): a card of the
 * tenant for staff (`staff`), one of the signed-in customer's own cards (`me`), or a card by
 * its public QR token (`public`).
 */
export type GoogleSaveLinkSource = { kind: 'staff' | 'me'; slug: string; cardUid: string } | { kind: 'public'; slug: string; cardUid: string; token: string };

/** GET the link `{ saveUrl }` of `source` from the matching wallet route. */
function getGoogleSaveLink(source: GoogleSaveLinkSource, signal?: AbortSignal) {
  const path = { slug: source.slug, cardUid: source.cardUid };
  if (source.kind === 'public') return answer(client.GET('/api/{slug}/c/{cardUid}/wallet/google', { params: { path, query: { t: source.token } }, signal }));
  if (source.kind === 'me') return answer(client.GET('/api/t/{slug}/me/cards/{cardUid}/wallet/google', { params: { path }, signal }));
  return answer(client.GET('/api/t/{slug}/cards/{cardUid}/wallet/google', { params: { path }, signal }));
}

/**
 * The card's 'Save to Google Wallet' address (`https://pay.google.com/gp/v/save/{jwt}`), read
 * when `enabled` (Google links are issued here); undefined while it loads or when it failed
 * (a button then stays hidden). Read once per card and page load: the link does not expire,
 * and Google keeps the object current.
 */
export function useGoogleSaveLink(source: GoogleSaveLinkSource, enabled: boolean): string | undefined {
  return useQuery({
    queryKey: installKeys.googleSaveLink(source),
    queryFn: ({ signal }) => getGoogleSaveLink(source, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
    select: (link) => link.saveUrl,
  }).data;
}

/**
 * A customer's referral link (docs/product.md 'Rewards'): the business's join page with the
 * customer's code, `{publicUrl}/{slug}/join?ref={code}`. `publicUrl` without a trailing slash.
 */
export function referralLink(publicUrl: string, slug: string, referralCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(slug)}/join?ref=${encodeURIComponent(referralCode)}`;
}

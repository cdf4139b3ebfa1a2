/** Reserved top-level words a tenant slug may not take (they are the app's own top-level paths). */
const RESERVED_SLUGS = new Set([
  't',
  'api',
  'auth',
  'platform',
  'admin',
  'billing',
  'card-orders',
  'healthz',
  'login',
  'signup',
  'unauthorized',
  'docs',
  'assets',
  'setup',
  'profile',
]);

/** The slug rule: lowercase letters, digits and hyphens, 3 to 40 characters, not reserved. */
export function isValidSlug(slug: string): boolean {
  return /^[a-z0-9-]{3,40}$/.test(slug) && !RESERVED_SLUGS.has(slug);
}

/**
 * A slug derived from a business name: "Ann's Store" → "anns-store"; padded to 3
 * characters and cut to 36 so that a "-NNN" suffix still fits in 40.
 */
export function slugify(name: string): string {
  let base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 36)
    .replace(/-+$/g, '');
  if (base.length < 3) base = `${base || 'store'}-shop`.slice(0, 36);
  if (RESERVED_SLUGS.has(base)) base = `${base}-store`;
  return base;
}

import { randomUUID } from 'node:crypto';
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, signedInApi, type Account } from './sign-in';

/**
 * Playwright fixtures of the browser tests (docs/decisions/0041-browser-test-fixtures.md): every
 * spec file gets its own business, made through the API the way a real owner makes one (the
 * public sign-up, POST /api/auth/signup, which opens it with a store; then a cashier and an
 * activated card), so
 * specs can run in parallel and in any order without reading each other's writes.
 */

/** A business made for one spec file: its owner and cashier, its store and cards. */
export type Business = {
  slug: string;
  /** The tenant's name as the sign-up names it: "{owner's first name}'s Store". */
  name: string;
  admin: Account & { firstName: string; lastName: string };
  cashier: Account & { firstName: string; lastName: string };
  store: { id: string; name: string };
  /** An ACTIVE card of `customer`, balance 0. */
  card: string;
  customer: { id: string; firstName: string; lastName: string; email: string };
  /** UNASSIGNED cards of the store, for specs that activate one. */
  spareCards: string[];
};

/** The password of every account the fixtures make (meets the default password policy). */
const FIXTURE_PASSWORD = 'Fixture-Pass-123!';

/** POSTs `data` to `path` and returns the JSON body; fails the test on a non-2xx answer. */
async function post<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await api.post(path, { data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Makes a business through the API as its owner would: sign-up (a trial tenant, its
 * tenant_admin and its first store), a cashier of that store with a password, three cards of the store and
 * one of them activated for a new customer. `tag` makes the e-mails and names unique.
 */
async function createBusiness(baseURL: string, tag = randomUUID().slice(0, 8)): Promise<Business> {
  const admin = { email: `owner-${tag}@e2e.test`, password: FIXTURE_PASSWORD, firstName: `Owner${tag}`, lastName: 'Fixture' };
  const owner = await request.newContext({ baseURL });
  try {
    const { tenant } = await post<{ tenant: { slug: string; name: string } }>(owner, '/api/auth/signup', admin);
    const t = `/api/t/${tenant.slug}`;
    // The sign-up opens the business with one store (the trial allows one).
    const stores = await owner.get(`${t}/stores`);
    expect(stores.ok(), `GET ${t}/stores: ${await stores.text()}`).toBe(true);
    const listed = (await stores.json()) as { id: string; name: string }[] | { stores: { id: string; name: string }[] };
    const store = (Array.isArray(listed) ? listed : listed.stores)[0]!;
    const cashier = { email: `cashier-${tag}@e2e.test`, password: FIXTURE_PASSWORD, firstName: 'Casey', lastName: `Cashier${tag}` };
    await post(owner, `${t}/users`, { ...cashier, role: 'cashier', storeId: store.id });
    const batch = await post<{ cards: { cardUid: string }[] }>(owner, `${t}/cards/batch`, { count: 3, storeId: store.id });
    const [first, ...spare] = batch.cards.map((c) => c.cardUid);
    const customer = { firstName: 'Robin', lastName: `Fixture${tag}`, email: `customer-${tag}@e2e.test` };
    const activated = await post<{ customerId: string | null }>(owner, `${t}/cards/activate`, {
      cardUid: first,
      storeId: store.id,
      customer,
    });
    const customerId = activated.customerId ?? '';
    return {
      slug: tenant.slug,
      name: tenant.name,
      admin,
      cashier,
      store: { id: store.id, name: store.name },
      card: first,
      customer: { id: customerId, ...customer },
      spareCards: spare,
    };
  } finally {
    await owner.dispose();
  }
}

/** One business per spec file and worker: the tests of a file share it, other files never see it. */
const businesses = new Map<string, Promise<Business>>();

type Fixtures = {
  /** This spec file's own business (made on first use). */
  business: Business;
  /** An API request context signed in as the business's owner (tenant_admin). */
  adminApi: APIRequestContext;
  /** The test's page, signed in as the business's owner through the API (no navigation yet). */
  adminPage: Page;
  /** The test's page, signed in as the business's cashier through the API (no navigation yet). */
  cashierPage: Page;
};

/** The specs' `test`: Playwright's, plus the fixtures above. */
export const test = base.extend<Fixtures>({
  business: async ({ baseURL }, use, testInfo) => {
    if (!businesses.has(testInfo.file)) businesses.set(testInfo.file, createBusiness(baseURL!));
    await use(await businesses.get(testInfo.file)!);
  },
  adminApi: async ({ baseURL, business }, use) => {
    const api = await signedInApi(baseURL!, business.admin);
    await use(api);
    await api.dispose();
  },
  adminPage: async ({ page, business }, use) => {
    await apiSignIn(page.request, business.admin);
    await use(page);
  },
  cashierPage: async ({ page, business }, use) => {
    await apiSignIn(page.request, business.cashier);
    await use(page);
  },
});

export { expect };

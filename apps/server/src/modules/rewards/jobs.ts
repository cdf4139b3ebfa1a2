import { formatCents } from '@loyalty/domain';
import type { RewardSettings } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { renderBirthday, renderWinBack } from '../../emails/rewards.tsx';
import { DAY_MS } from '../../lib/time.ts';
import { activeCardUrlOfCustomer } from '../cards/index.ts';
import { birthdayCustomers, customerContact, unsubscribeToken } from '../customers/index.ts';
import { creditBirthdayBonus, openWinBackOffer, winBackCandidates } from '../ledger/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { tenantsWithJobRewards } from '../rules/index.ts';
import { findTenant } from '../tenants/index.ts';

/** Where the reward e-mails link to: PUBLIC_URL and the QR token secret (the card page's token, the unsubscribe token). */
export interface RewardJobLinks {
  publicUrl: string;
  secret: string;
}

/** Customers handled per business and reward in one run at most; the next hourly run takes the rest. */
const BATCH = 500;
/** The local hour from which a birthday reward is paid (docs/product.md 'Rewards'). */
const BIRTHDAY_HOUR = 9;
/** Days after a birthday is set or changed before a birthday reward is paid. */
const BIRTHDAY_WAIT_DAYS = 30;

type Business = NonNullable<Awaited<ReturnType<typeof findTenant>>>;

/** The date and hour of instant `now` in time zone `timezone` (numbers; hour 0–23). */
function localParts(now: Date, timezone: string): { year: number; month: number; day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour };
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/**
 * Birthday rewards of `business` at `now`: from 09:00 of the business's local day, each customer
 * whose birthday is today (29 February counts as 28 February in other years) and was set at
 * least 30 days ago gets `amountCents` on their newest ACTIVE card, once a year (the ledger's
 * `creditBirthdayBonus`), and, with an e-mail and subscribed, 'Happy birthday' in the same
 * transaction. Returns how many were paid.
 */
async function payBirthdays(db: Database, business: Business, amountCents: number, now: Date, links: RewardJobLinks): Promise<number> {
  const today = localParts(now, business.timezone);
  if (today.hour < BIRTHDAY_HOUR || amountCents <= 0) return 0;
  const leapDay = today.month === 2 && today.day === 28 && !isLeapYear(today.year);
  const setBefore = new Date(now.getTime() - BIRTHDAY_WAIT_DAYS * DAY_MS);
  const ids = await birthdayCustomers(db, business.id, { month: today.month, day: today.day, leapDay, setBefore, limit: BATCH });
  let paid = 0;
  for (const customerId of ids) {
    paid += await db.transaction(async (tx) => {
      const credited = await creditBirthdayBonus(tx, { tenantId: business.id, customerId, year: today.year, amountCents, at: now });
      if (!credited) return 0;
      const contact = await customerContact(tx, business.id, customerId);
      if (contact?.email && !contact.optedOut) {
        const token = unsubscribeToken(links.secret, business.id, customerId);
        const cardUrl = await activeCardUrlOfCustomer(tx, business.id, customerId, { publicUrl: links.publicUrl, secret: links.secret, slug: business.slug });
        const message = await renderBirthday({
          businessName: business.name,
          firstName: contact.firstName,
          amount: formatCents(amountCents),
          cardUrl: cardUrl ?? `${links.publicUrl}/${business.slug}`,
          unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
        });
        await enqueueEmail(tx, {
          tenantId: business.id,
          kind: 'birthday',
          to: contact.email,
          ...message,
          headers: unsubscribeHeaders(`${links.publicUrl}/api/unsubscribe?token=${token}`),
          dedupeKey: `birthday:${customerId}:${today.year}`,
          now,
        });
      }
      return 1;
    });
  }
  return paid;
}

/**
 * Win-back offers of `business` at `now`: each customer with no purchase for `inactiveDays` days
 * (the ledger's `winBackCandidates`: e-mail, subscribed, no offer in the last 90 days) gets an
 * offer of `bonusCents` on their next purchase within `validDays` days, opened on their row and
 * e-mailed in the same transaction. Returns how many offers were sent.
 */
async function sendWinBackOffers(db: Database, business: Business, w: RewardSettings['winBack'], now: Date, links: RewardJobLinks): Promise<number> {
  if (w.bonusCents <= 0) return 0;
  let sent = 0;
  for (const customerId of await winBackCandidates(db, business.id, w.inactiveDays, now, BATCH)) {
    sent += await db.transaction(async (tx) => {
      const contact = await customerContact(tx, business.id, customerId);
      if (!contact?.email || contact.optedOut) return 0;
      const offer = await openWinBackOffer(tx, { tenantId: business.id, customerId, bonusCents: w.bonusCents, validDays: w.validDays, now });
      if (!offer) return 0;
      const token = unsubscribeToken(links.secret, business.id, customerId);
      const cardUrl = await activeCardUrlOfCustomer(tx, business.id, customerId, { publicUrl: links.publicUrl, secret: links.secret, slug: business.slug });
      const message = await renderWinBack({
        businessName: business.name,
        firstName: contact.firstName,
        amount: formatCents(w.bonusCents),
        validUntil: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: business.timezone }).format(offer.validUntil),
        cardUrl,
        unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
      });
      await enqueueEmail(tx, {
        tenantId: business.id,
        kind: 'win_back',
        to: contact.email,
        ...message,
        headers: unsubscribeHeaders(`${links.publicUrl}/api/unsubscribe?token=${token}`),
        dedupeKey: `win-back:${offer.offerId}`,
        now,
      });
      return 1;
    });
  }
  return sent;
}

/**
 * The rewards' hourly run (docs/product.md 'Rewards'): for every business that switched birthday
 * rewards or win-back offers on, pays the birthdays due and sends the win-back offers due at
 * `now` (the injectable clock). Safe to run twice: a birthday has one reward key a year, and an
 * offer is checked again under the customer's lock. Returns the counts.
 */
export async function runRewardJobs(db: Database, now: Date, links: RewardJobLinks): Promise<{ birthdays: number; winBackOffers: number }> {
  let birthdays = 0;
  let winBackOffers = 0;
  for (const { tenantId, settings } of await tenantsWithJobRewards(db)) {
    const business = await findTenant(db, tenantId);
    if (!business) continue;
    if (settings.birthday.enabled) birthdays += await payBirthdays(db, business, settings.birthday.amountCents, now, links);
    if (settings.winBack.enabled) winBackOffers += await sendWinBackOffers(db, business, settings.winBack, now, links);
  }
  return { birthdays, winBackOffers };
}

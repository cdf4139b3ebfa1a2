import { and, asc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { type TenantRequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { centsToDollars, safeCell } from '../../lib/csv-cells.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { customerCards } from '../cards/index.ts';
import { customerRecord } from '../customers/index.ts';
import { consentsOf } from '../enrolment/index.ts';
import { messagesTo } from '../outbox/index.ts';
import { storeNames } from '../stores/index.ts';
import { ledgerRowsOfCards } from '../ledger/index.ts';

/** The README.txt of every data export: what each file holds (ADR 0026). */
const EXPORT_README = `Your data from {business}
Exported {at} (UTC).

customer.json     Your profile: name, e-mail, phone, birthday (if you gave one), your referral
                  code, tier, total spend, when you joined, and your consents: whether you
                  receive our e-mails (and when you unsubscribed) and when you agreed to join at
                  a store.
cards.json        Your loyalty cards: card number (UID), status, balance, store, activation.
transactions.csv  Every movement on your cards: date (ISO 8601, UTC), what happened (EARN,
                  REDEEM, REFUND, VOID, ADJUST, ADD_FUNDS, EXPIRE, BONUS), store, amounts in dollars
                  (Amount, Cashback, Balance Before, Balance After) and the note.
messages.json     The e-mails we wrote to you: what kind, its subject, when it was written and
                  when it was sent.

Money is in the business's currency; JSON files give it in cents (1/100).
`;

/** How an export was asked for, as its audit row records it: by a Store Admin ('admin') or by the customer themselves ('self'). */
export type ExportVia = 'admin' | 'self';

/**
 * The files of the data export of customer `customerId` of `ctx.tenant` (GDPR articles 15 and
 * 20; ADR 0026), by name: README.txt (in the business's name, dated `ctx.now`), customer.json,
 * cards.json, transactions.csv (every ledger row of their cards, oldest first; amounts in
 * dollars), messages.json (money in cents in the JSON files). Writes the audit row
 * 'customer.export' (who: `ctx`'s user; how: `via`; no personal data). Throws 404 'Customer not
 * found' (malformed, unknown or another tenant's id).
 */
export async function customerExportFiles(db: DbOrTx, ctx: TenantRequestContext, customerId: string, via: ExportVia): Promise<Map<string, string>> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  const customer = await customerRecord(db, tenantId, customerId);
  const held = customerCards(db, tenantId, customer.id);
  const sn = storeNames(db);
  const cardRows = await db
    .select({ id: held.id, cardUid: held.cardUid, status: held.status, balanceCents: held.balanceCents, storeName: sn.name, activatedAt: held.activatedAt })
    .from(held)
    .leftJoin(sn, and(eq(sn.tenantId, held.tenantId), eq(sn.id, held.storeId)))
    .orderBy(asc(held.activatedAt), asc(held.cardUid));
  const consents = await consentsOf(db, tenantId, customer.id);
  const stores = await db.select({ id: sn.id, name: sn.name }).from(sn).where(eq(sn.tenantId, tenantId));
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  const ledger = await ledgerRowsOfCards(
    db,
    tenantId,
    cardRows.map((c) => c.id),
  );
  const messages = await messagesTo(db, tenantId, customer.email);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const files = new Map<string, string>();
  files.set('README.txt', EXPORT_README.replace('{business}', ctx.tenant.name).replace('{at}', now.toISOString()));
  files.set(
    'customer.json',
    json({
      id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      birthday: customer.birthdayMonth && customer.birthdayDay ? { month: customer.birthdayMonth, day: customer.birthdayDay, year: customer.birthYear } : null,
      referralCode: customer.referralCode,
      tier: customer.tier,
      totalSpendCents: customer.totalSpendCents,
      joinedAt: iso(customer.createdAt),
      erasedAt: iso(customer.erasedAt),
      consents: {
        emails: { subscribed: customer.emailOptOutAt === null, unsubscribedAt: iso(customer.emailOptOutAt) },
        signUps: consents.map((c) => ({ store: storeName.get(c.storeId) ?? null, consentedAt: iso(c.consentedAt), confirmedAt: iso(c.confirmedAt) })),
      },
    }),
  );
  files.set(
    'cards.json',
    json(
      cardRows.map((c) => ({
        cardUid: c.cardUid,
        status: c.status,
        balanceCents: Number(c.balanceCents),
        store: c.storeName,
        activatedAt: iso(c.activatedAt),
      })),
    ),
  );
  files.set(
    'transactions.csv',
    stringify(
      ledger.map((r) => [
        r.createdAt.toISOString(),
        r.id,
        r.cardUid,
        r.type,
        r.category ?? '',
        safeCell(r.storeName),
        centsToDollars(r.amountCents),
        centsToDollars(r.cashbackCents),
        centsToDollars(r.beforeBalanceCents),
        centsToDollars(r.afterBalanceCents),
        safeCell(r.note),
      ]),
      {
        header: true,
        columns: ['Date', 'Transaction ID', 'Card UID', 'Type', 'Category', 'Store', 'Amount', 'Cashback', 'Balance Before', 'Balance After', 'Note'],
      },
    ),
  );
  files.set(
    'messages.json',
    json(messages.map((m) => ({ kind: m.kind, subject: m.subject, status: m.status, writtenAt: iso(m.createdAt), sentAt: iso(m.sentAt) }))),
  );
  await writeAudit(db, { tenantId, ...auditActorOf(ctx), action: 'customer.export', entity: 'customer', entityId: customer.id, after: { via } });
  return files;
}

/** Pretty JSON with a final newline (the files are for people too). */
function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The files as one zip (archiver, deflated), in the order of the map: a few hundred kilobytes at most, built in memory. */
export async function zipFiles(files: Map<string, string>): Promise<Buffer> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const [name, text] of files) archive.append(text, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The download name of a customer's export: `customer-data-{id}.zip`. */
export function exportFileName(customerId: string): string {
  return `customer-data-${customerId}.zip`;
}

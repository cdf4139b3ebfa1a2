import { useState, type ReactNode } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { CalendarDays, CreditCard, Mail, Pencil, Phone, PlusCircle, Store, Wallet } from 'lucide-react';
import { CardStatusBadge, TierBadge } from '@/components/ui/badge';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatCents, formatDate } from '@/lib/format';
import { useCustomer } from '../api/get-customer';
import { fullName } from '../lib/labels';
import { AddFundsDialog, type AddFundsTarget } from './add-funds-dialog';
import { CustomerAvatar } from './customer-avatar';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * 'Customer Details' modal (spec §2 'Customers'): initials avatar, name, tier, member since,
 * total spend, active cards, contact (e-mail, phone) and the loyalty cards with balance, status
 * and store. The list row shows at once; the cards come from GET /customers/{id} (spinner while
 * loading, an error with 'Try again' if it fails). Each ACTIVE card has an 'Add Funds' button
 * opening the 'Add Funds to Card' modal (payment through the checkout, spec §2, §5).
 */
export function CustomerDetailsDialog({
  slug,
  customer,
  onClose,
  onEdit,
}: {
  slug: string;
  customer: CustomerListItem | null;
  onClose: () => void;
  onEdit: (customer: CustomerListItem) => void;
}) {
  const detail = useCustomer(slug, customer?.id ?? null);
  // The freshest facts: the detail answer once it is here, else the row that opened the modal.
  const c = detail.data && detail.data.id === customer?.id ? detail.data : customer;
  const [funding, setFunding] = useState<AddFundsTarget | null>(null);
  return (
    <>
      <Dialog
        open={customer !== null}
        onClose={onClose}
        size="lg"
        title="Customer Details"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {c && (
              <Button onClick={() => onEdit(c)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit Customer
              </Button>
            )}
          </>
        }
      >
        {c && (
          <div className="space-y-6">
            <div className="flex items-center gap-4">
              <CustomerAvatar customer={c} size="lg" />
              <div className="min-w-0">
                <p className="truncate text-xl font-semibold text-slate-900" data-testid="details-name">
                  {fullName(c)}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
                  <TierBadge tier={c.tier} />
                  <span>Member since {formatDate(c.createdAt)}</span>
                </div>
              </div>
            </div>

            <dl className="grid grid-cols-2 gap-3">
              <Fact icon={<Wallet aria-hidden="true" className="h-3.5 w-3.5" />} label="Total Spend">
                {formatCents(c.totalSpendCents)}
              </Fact>
              <Fact icon={<CreditCard aria-hidden="true" className="h-3.5 w-3.5" />} label="Active Cards">
                {c.activeCards}
              </Fact>
            </dl>

            <Section title="Contact">
              <dl className="space-y-2 text-sm">
                <div className="flex items-center gap-2">
                  <dt className="flex items-center gap-2 text-slate-500">
                    <Mail aria-hidden="true" className="h-4 w-4" />
                    <span className="sr-only">Email</span>
                  </dt>
                  <dd className="min-w-0 truncate text-slate-900">{c.email ?? <span className="italic text-slate-500">No email</span>}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <dt className="flex items-center gap-2 text-slate-500">
                    <Phone aria-hidden="true" className="h-4 w-4" />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd className="text-slate-900">{c.phone ?? <span className="italic text-slate-500">No phone</span>}</dd>
                </div>
              </dl>
            </Section>

            <Section title="Loyalty Cards">
              {detail.isPending ? (
                <div className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
                  <Spinner label="Loading cards" />
                  Loading cards…
                </div>
              ) : detail.isError ? (
                <LoadError title="Failed to load the customer's cards" query={detail} fallback={'Please try again.'} compact />
              ) : detail.data.cards.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                  No loyalty cards yet. Assign one from the Cards page.
                </p>
              ) : (
                <ul className="space-y-2" aria-label="Loyalty cards">
                  {detail.data.cards.map((card) => (
                    <li key={card.id} data-testid="customer-card" className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
                      <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                        <CreditCard className="h-4 w-4" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="font-mono text-sm font-semibold tracking-wider text-slate-900">{card.cardUid}</p>
                        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
                          <span className="flex items-center gap-1">
                            <Store aria-hidden="true" className="h-3 w-3 shrink-0" />
                            {card.storeName ?? 'No store'}
                          </span>
                          {card.activatedAt && (
                            <span className="flex items-center gap-1 whitespace-nowrap">
                              <CalendarDays aria-hidden="true" className="h-3 w-3 shrink-0" />
                              Activated {formatDate(card.activatedAt)}
                            </span>
                          )}
                        </p>
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1">
                        <span className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="card-balance">
                          {formatCents(card.balanceCents)}
                        </span>
                        <CardStatusBadge status={card.status} />
                      </div>
                      {card.status === 'ACTIVE' && c && (
                        <Button
                          size="sm"
                          variant="outline"
                          className="shrink-0 max-sm:w-full"
                          aria-label={`Add Funds to card ${card.cardUid}`}
                          onClick={() => setFunding({ customerId: c.id, customerName: fullName(c), card })}
                        >
                          <PlusCircle aria-hidden="true" className="h-4 w-4" />
                          Add Funds
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        )}
      </Dialog>
      <AddFundsDialog slug={slug} target={funding} onClose={() => setFunding(null)} />
    </>
  );
}

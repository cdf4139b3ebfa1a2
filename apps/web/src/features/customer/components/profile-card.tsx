import type { ReactNode } from 'react';
import type { CustomerDetail } from '@loyalty/contract';
import { TierBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';
import { FactRow } from '@/components/ui/facts';

/** A row of the profile card (a little taller than the default). */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <FactRow label={label} className="py-2">
      {children}
    </FactRow>
  );
}

/** 'Profile Information': name, e-mail, phone, tier, total spend, member since. */
export function ProfileCard({ customer }: { customer: CustomerDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <dl className="divide-y divide-slate-100">
          <Row label="Name">
            {customer.firstName} {customer.lastName}
          </Row>
          <Row label="Email">{customer.email ?? '—'}</Row>
          <Row label="Phone">{customer.phone ?? '—'}</Row>
          <Row label="Tier">
            <TierBadge tier={customer.tier} />
          </Row>
          <Row label="Total spend">{formatCents(customer.totalSpendCents)}</Row>
          <Row label="Member since">{formatDate(customer.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

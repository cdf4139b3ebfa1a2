import type { ReactNode } from 'react';
import type { CustomerDetail } from '@loyalty/contract';
import { TierBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** 'Profile Information' (spec §2 'Customer dashboard'): name, e-mail, phone, tier, total spend, member since. */
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

import type { ReactNode } from 'react';
import type { CustomerDetail } from '@loyalty/contract';
import { TierBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';
import { FactRow } from '@/components/ui/facts';
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

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
  const t = useMessages(customerMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profileTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <dl className="divide-y divide-slate-100">
          <Row label={t('profileName')}>
            {customer.firstName} {customer.lastName}
          </Row>
          <Row label={t('profileEmail')}>{customer.email ?? '—'}</Row>
          <Row label={t('profilePhone')}>{customer.phone ?? '—'}</Row>
          <Row label={t('profileTier')}>
            <TierBadge tier={customer.tier} />
          </Row>
          <Row label={t('profileTotalSpend')}>{formatCents(customer.totalSpendCents)}</Row>
          <Row label={t('profileMemberSince')}>{formatDate(customer.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

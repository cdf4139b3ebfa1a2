import type { ReactNode } from 'react';
import type { SessionTenant, SessionUser } from '@loyalty/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMessages } from '@/lib/i18n';
import { ROLE_LABELS } from '@/lib/labels';
import { profileMessages } from '../messages';

/** One label/value row of the account card. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The signed-in user's account as the session knows it (profile page): name,
 * e-mail (the sign-in name), role, and where relevant the business (tenant roles) and the store
 * (staff: their store, or 'All stores' for a Store Admin without one). Read-only: names and
 * e-mail are changed by a Store Admin (staff) or the business (customers).
 */
export function AccountDetails({ user, tenant }: { user: SessionUser; tenant: SessionTenant | null }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || '—';
  const t = useMessages(profileMessages);
  const isStaff = user.role === 'tenant_admin' || user.role === 'cashier';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('accountTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <dl className="divide-y divide-slate-100">
          <Row label={t('accountName')}>{name}</Row>
          <Row label={t('accountEmail')}>{user.email}</Row>
          <Row label={t('accountRole')}>
            <Badge color={user.role === 'platform_admin' ? 'purple' : 'indigo'}>{ROLE_LABELS[user.role]}</Badge>
          </Row>
          {tenant && <Row label={t('accountBusiness')}>{tenant.name}</Row>}
          {isStaff && <Row label={t('accountStore')}>{user.storeName ?? t('accountAllStores')}</Row>}
          {user.role === 'platform_admin' && <Row label={t('accountArea')}>{t('accountOperatorConsole')}</Row>}
        </dl>
      </CardContent>
    </Card>
  );
}

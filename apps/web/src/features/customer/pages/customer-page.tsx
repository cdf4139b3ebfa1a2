import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';

/**
 * /t/{slug}/customer (customer only). Placeholder: greets the signed-in customer. Balances,
 * cards and transactions (spec §2 'Customer dashboard') come in a later issue.
 */
export function CustomerPage() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={`Welcome, ${name}`} subtitle={tenant ? `Your loyalty account at ${tenant.name}` : undefined} />
      <Card>
        <CardContent className="py-6 text-sm text-slate-600">
          Your cards, balance and transaction history will appear here soon.
        </CardContent>
      </Card>
    </div>
  );
}

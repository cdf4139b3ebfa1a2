import { Wrench } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';

/**
 * /platform/dashboard (platform_admin). Placeholder until the operator console (stats,
 * tenants, plans, analytics, subscriptions, settings: spec §2 'Platform area') is built.
 */
export function PlatformDashboardPage() {
  const user = useAuthStore((s) => s.user);
  return (
    <Card>
      <CardContent className="flex items-start gap-4 py-8">
        <Wrench aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-indigo-600" />
        <div>
          <p className="font-medium text-slate-900">Welcome, {user?.firstName}.</p>
          <p className="mt-1 text-sm text-slate-600">
            The operator console is coming soon: tenants, plans, analytics, subscriptions and platform settings will be managed here.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

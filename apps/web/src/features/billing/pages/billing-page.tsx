import { PageHeader } from '@/components/page-header';

/** /t/{slug}/billing: scaffold; the screen of spec §2 'Billing' is built in issue 6. */
export function BillingPage() {
  return <PageHeader title="Billing & Subscription" subtitle="Manage your subscription and billing information" />;
}

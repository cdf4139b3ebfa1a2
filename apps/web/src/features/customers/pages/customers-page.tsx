import { PageHeader } from '@/components/page-header';

/** /t/{slug}/customers: scaffold; the screen of spec §2 'Customers' is built in issue 4. */
export function CustomersPage() {
  return <PageHeader title="Customers" />;
}

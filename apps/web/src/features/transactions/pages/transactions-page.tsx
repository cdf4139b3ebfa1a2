import { PageHeader } from '@/components/page-header';

/** /t/{slug}/transactions: scaffold; the screen of spec §2 'Transactions' is built in issue 4. */
export function TransactionsPage() {
  return <PageHeader title="Transactions" />;
}

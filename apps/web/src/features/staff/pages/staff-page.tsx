import { PageHeader } from '@/components/page-header';

/** /t/{slug}/staff: scaffold; the screen of spec §2 'Staff' is built in issue 4. */
export function StaffPage() {
  return <PageHeader title="Staff" />;
}

import { PageHeader } from '@/components/page-header';

/** /t/{slug}/rules: scaffold; the screen of spec §2 'Rules & Settings' is built in issue 5. */
export function RulesPage() {
  return <PageHeader title="Rules & Settings" />;
}

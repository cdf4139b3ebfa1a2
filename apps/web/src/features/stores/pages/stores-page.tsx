import { PageHeader } from '@/components/page-header';

/** /t/{slug}/stores: scaffold; the screen of spec §2 'Stores' is built in issue 4. */
export function StoresPage() {
  return <PageHeader title="Stores" />;
}

import { useState } from 'react';
import { KeyRound, Webhook } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { ApiKeysTab } from '../components/api-keys-tab';
import { WebhooksTab } from '../components/webhooks-tab';

type TabValue = 'api-keys' | 'webhooks';

const TABS: readonly TabItem<TabValue>[] = [
  { value: 'api-keys', label: 'API keys', icon: <KeyRound aria-hidden="true" className="h-4 w-4" /> },
  { value: 'webhooks', label: 'Webhooks', icon: <Webhook aria-hidden="true" className="h-4 w-4" /> },
];

/**
 * Integrations /t/{slug}/integrations (tenant_admin): two tabs, 'API keys' (keys for
 * the `/api/v1` REST API: create, shown once, revoke) and 'Webhooks' (signed outgoing events:
 * endpoints, their one-time secrets, test events and the delivery log). Each tab loads its own data.
 */
export function IntegrationsPage() {
  const { slug = '' } = useParams();
  const [tab, setTab] = useState<TabValue>('api-keys');
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Integrations" subtitle="Connect your till and other systems through the API and webhooks" />
      <Tabs items={TABS} value={tab} onChange={setTab} label="Integrations sections" className="max-w-full">
        {tab === 'api-keys' ? <ApiKeysTab slug={slug} /> : <WebhooksTab slug={slug} />}
      </Tabs>
    </div>
  );
}

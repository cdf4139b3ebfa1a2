import { useState } from 'react';
import { KeyRound, Webhook } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useMessages } from '@/lib/i18n';
import { ApiKeysTab } from '../components/api-keys-tab';
import { WebhooksTab } from '../components/webhooks-tab';
import { integrationsMessages } from '../messages';

type TabValue = 'api-keys' | 'webhooks';

const KEYS_ICON = <KeyRound aria-hidden="true" className="h-4 w-4" />;
const WEBHOOKS_ICON = <Webhook aria-hidden="true" className="h-4 w-4" />;

/**
 * Integrations /t/{slug}/integrations (tenant_admin): two tabs, 'API keys' (keys for
 * the `/api/v1` REST API: create, shown once, revoke) and 'Webhooks' (signed outgoing events:
 * endpoints, their one-time secrets, test events and the delivery log). Each tab loads its own data.
 */
export function IntegrationsPage() {
  const { slug = '' } = useParams();
  const [tab, setTab] = useState<TabValue>('api-keys');
  const t = useMessages(integrationsMessages);
  const tabs: readonly TabItem<TabValue>[] = [
    { value: 'api-keys', label: t('tabApiKeys'), icon: KEYS_ICON },
    { value: 'webhooks', label: t('tabWebhooks'), icon: WEBHOOKS_ICON },
  ];
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      <Tabs items={tabs} value={tab} onChange={setTab} label={t('tabsLabel')} className="max-w-full">
        {tab === 'api-keys' ? <ApiKeysTab slug={slug} /> : <WebhooksTab slug={slug} />}
      </Tabs>
    </div>
  );
}

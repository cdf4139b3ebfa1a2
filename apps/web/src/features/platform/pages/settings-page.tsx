import type { PlatformSettings } from '@loyalty/contract';
import { Globe, Mail, Shield } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useMessages, type Translate } from '@/lib/i18n';
import { usePlatformSettings } from '../api/settings';
import type { SettingsSection } from '../components/settings/settings-form';
import { SettingsFooter } from '../components/settings/settings-footer';
import { EmailSection, PlatformSection, SecuritySection } from '../components/settings/settings-sections';
import { useSettingsEditor } from '../hooks/use-settings-editor';
import { settingsMessages } from '../messages-settings';

type SettingsT = Translate<typeof settingsMessages.en>;

const tabs = (t: SettingsT): readonly TabItem<SettingsSection>[] => [
  { value: 'smtp', label: t('smtpTitle'), icon: <Mail aria-hidden="true" className="h-4 w-4" /> },
  { value: 'security', label: t('securityTitle'), icon: <Shield aria-hidden="true" className="h-4 w-4" /> },
  { value: 'platform', label: t('platformTitle'), icon: <Globe aria-hidden="true" className="h-4 w-4" /> },
];

const SECTION_TEXT = {
  smtp: { title: 'smtpTitle', description: 'smtpDescription' },
  security: { title: 'securityTitle', description: 'securityDescription' },
  platform: { title: 'platformTitle', description: 'platformDescription' },
} as const satisfies Record<SettingsSection, { title: string; description: string }>;

/**
 * /platform/settings (docs/product.md 'Platform settings': stored server-side and saved for
 * real). Tabs Email Settings, Security and Platform over one form; Save stores all three with PUT
 * /api/platform/settings: the button reads 'Saving...' while it runs, then 'Saved' for 3 seconds.
 * Validation messages are the contract's; an invalid field in another tab opens that tab. Load and
 * save failures are shown.
 */
export function PlatformSettingsPage() {
  const t = useMessages(settingsMessages);
  const settings = usePlatformSettings();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      {settings.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : settings.isError ? (
        <LoadError title={t('loadFailed')} query={settings} fallback={t('loadFailedFallback')} />
      ) : (
        <SettingsEditor settings={settings.data} />
      )}
    </div>
  );
}

/** The loaded editor: the section tabs over one card with the open section's fields and the footer (state in `useSettingsEditor`). */
function SettingsEditor({ settings }: { settings: PlatformSettings }) {
  const t = useMessages(settingsMessages);
  const { tab, setTab, saved, save, form, onSubmit } = useSettingsEditor(settings);
  const { isDirty } = form.formState;
  const passwordSet = settings.smtp.passwordSet ?? false;
  const text = SECTION_TEXT[tab];

  return (
    <form noValidate aria-label={t('formLabel')} onSubmit={onSubmit}>
      <Tabs items={tabs(t)} value={tab} onChange={setTab} label={t('tabsLabel')}>
        <Card>
          <CardHeader className="flex-wrap">
            <div className="min-w-0">
              <CardTitle>{t(text.title)}</CardTitle>
              <p className="mt-0.5 text-sm text-slate-500">{t(text.description)}</p>
            </div>
            {isDirty && <Badge color="yellow">{t('unsavedChanges')}</Badge>}
          </CardHeader>
          <CardContent>
            {tab === 'smtp' && <EmailSection form={form} passwordSet={passwordSet} />}
            {tab === 'security' && <SecuritySection form={form} />}
            {tab === 'platform' && <PlatformSection form={form} />}
          </CardContent>
          <SettingsFooter
            dirty={isDirty}
            pending={save.isPending}
            saved={saved}
            error={save.isError ? save.error : null}
            saveFailed={t('saveFailed')}
            onDiscard={() => form.reset()}
          />
        </Card>
      </Tabs>
    </form>
  );
}

import type { PlatformSettings } from '@loyalty/contract';
import { Globe, Mail, Shield } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { usePlatformSettings } from '../api/settings';
import type { SettingsSection } from '../components/settings/settings-form';
import { SettingsFooter } from '../components/settings/settings-footer';
import { EmailSection, PlatformSection, SecuritySection } from '../components/settings/settings-sections';
import { SETTINGS_SAVE_FAILED, useSettingsEditor } from '../hooks/use-settings-editor';

const TABS: readonly TabItem<SettingsSection>[] = [
  { value: 'smtp', label: 'Email Settings', icon: <Mail aria-hidden="true" className="h-4 w-4" /> },
  { value: 'security', label: 'Security', icon: <Shield aria-hidden="true" className="h-4 w-4" /> },
  { value: 'platform', label: 'Platform', icon: <Globe aria-hidden="true" className="h-4 w-4" /> },
];

const SECTION_TEXT: Record<SettingsSection, { title: string; description: string }> = {
  smtp: { title: 'Email Settings', description: 'The mail server the platform sends its e-mails through.' },
  security: { title: 'Security', description: 'Sessions, passwords and sign-in limits of every account.' },
  platform: { title: 'Platform', description: 'How new businesses join and start.' },
};

const LOAD_FAILED = 'Failed to load platform settings';

/**
 * /platform/settings (docs/product.md 'Platform settings': stored server-side and saved for
 * real). Tabs Email Settings, Security and Platform over one form; Save stores all three with PUT
 * /api/platform/settings: the button reads 'Saving...' while it runs, then 'Saved' for 3 seconds.
 * Validation messages are the contract's; an invalid field in another tab opens that tab. Load and
 * save failures are shown.
 */
export function PlatformSettingsPage() {
  const settings = usePlatformSettings();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Platform Settings" subtitle="Mail server, security and sign-up rules of the whole platform." />
      {settings.isPending ? (
        <PageSpinner label="Loading settings" />
      ) : settings.isError ? (
        <LoadError title={LOAD_FAILED} query={settings} fallback="Please try again." />
      ) : (
        <SettingsEditor settings={settings.data} />
      )}
    </div>
  );
}

/** The loaded editor: the section tabs over one card with the open section's fields and the footer (state in `useSettingsEditor`). */
function SettingsEditor({ settings }: { settings: PlatformSettings }) {
  const { tab, setTab, saved, save, form, onSubmit } = useSettingsEditor(settings);
  const { isDirty } = form.formState;
  const passwordSet = settings.smtp.passwordSet ?? false;
  const text = SECTION_TEXT[tab];

  return (
    <form noValidate aria-label="Platform settings" onSubmit={onSubmit}>
      <Tabs items={TABS} value={tab} onChange={setTab} label="Platform settings sections">
        <Card>
          <CardHeader className="flex-wrap">
            <div className="min-w-0">
              <CardTitle>{text.title}</CardTitle>
              <p className="mt-0.5 text-sm text-slate-500">{text.description}</p>
            </div>
            {isDirty && <Badge color="yellow">Unsaved changes</Badge>}
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
            saveFailed={SETTINGS_SAVE_FAILED}
            onDiscard={() => form.reset()}
          />
        </Card>
      </Tabs>
    </form>
  );
}

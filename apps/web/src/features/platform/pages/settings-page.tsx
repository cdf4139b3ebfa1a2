import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PlatformSettings } from '@loyalty/contract';
import { Check, Globe, Mail, Save, Shield } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { usePlatformSettings, useSavePlatformSettings } from '../api/settings';
import { SAVED_MS, SERVER_FIELDS, SettingsFormSchema, type SettingsFormValues, type SettingsSection } from '../components/settings/settings-form';
import { EmailSection, PlatformSection, SecuritySection } from '../components/settings/settings-sections';

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
const SAVE_FAILED = 'Failed to save settings. Please try again.';

/** The form's values of stored settings: the password field starts empty (the server never sends it). */
function toForm(s: PlatformSettings): SettingsFormValues {
  return { ...s, smtp: { ...s.smtp, password: '' } };
}

/**
 * /platform/settings (spec §2 'Platform area', §3 'Platform settings', §9 defaults;
 * decisions.md: stored server-side and saved for real). Tabs Email Settings, Security and
 * Platform over one form; Save stores all three with PUT /api/platform/settings: the button
 * reads 'Saving...' while it runs, then 'Saved' for 3 seconds. Validation messages are the
 * contract's; an invalid field in another tab opens that tab. Load and save failures are shown.
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

function SettingsEditor({ settings }: { settings: PlatformSettings }) {
  const [tab, setTab] = useState<SettingsSection>('smtp');
  const [saved, setSaved] = useState(false);
  const save = useSavePlatformSettings();
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(SettingsFormSchema), defaultValues: toForm(settings) });
  const { isDirty } = form.formState;
  const passwordSet = settings.smtp.passwordSet ?? false;

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const onInvalid = (errors: FieldErrors<SettingsFormValues>) => {
    const first = TABS.find((t) => errors[t.value]);
    if (first && !errors[tab]) setTab(first.value);
  };

  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    const { passwordSet: _ignored, ...smtp } = values.smtp;
    void _ignored;
    save.mutate(
      { ...values, smtp } as PlatformSettings,
      {
        onSuccess: (stored) => {
          form.reset(toForm(stored));
          setSaved(true);
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err, SERVER_FIELDS);
          for (const { field, message } of fieldErrors) form.setError(field, { message });
          const section = fieldErrors[0]?.field.split('.')[0] as SettingsSection | undefined;
          if (section && section !== tab) setTab(section);
          toast.error(saveErrorMessage(err, SAVE_FAILED));
        },
      },
    );
  }, onInvalid);

  const label = save.isPending ? 'Saving...' : saved ? 'Saved' : 'Save Settings';
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
          {save.isError && (
            <div className="px-5 pb-4">
              <Alert tone="error">{saveErrorMessage(save.error, SAVE_FAILED)}</Alert>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-5 py-3">
            <p className="text-xs text-slate-500">Save stores all three sections.</p>
            <div className="flex gap-2">
              {isDirty && (
                <Button variant="ghost" onClick={() => form.reset()} disabled={save.isPending}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" variant={saved ? 'success' : 'primary'} disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {saved ? <Check aria-hidden="true" className="h-4 w-4" /> : <Save aria-hidden="true" className="h-4 w-4" />}
                {label}
              </Button>
            </div>
          </div>
          <span role="status" className="sr-only">
            {saved ? 'Settings saved' : ''}
          </span>
        </Card>
      </Tabs>
    </form>
  );
}

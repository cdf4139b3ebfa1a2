import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PlatformSettings } from '@loyalty/contract';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { useSavePlatformSettings } from '../api/settings';
import {
  SAVED_MS,
  SERVER_FIELDS,
  SETTINGS_SECTIONS,
  SettingsFormSchema,
  type SettingsFormValues,
  type SettingsSection,
} from '../components/settings/settings-form';
import { settingsMessages } from '../messages-settings';

/** The form's values of stored settings: the password field starts empty (the server never sends it). */
function toForm(s: PlatformSettings): SettingsFormValues {
  return { ...s, smtp: { ...s.smtp, password: '' } };
}

/**
 * State of the /platform/settings editor: the open tab, one form over all three sections (validated
 * by `SettingsFormSchema`), and submit, which saves all of them with PUT /api/platform/settings
 * (`save`). On success the form resets to the stored values and `saved` is true for `SAVED_MS`
 * (3 s). An invalid field in another tab opens that tab (client validation and the server's 400
 * field details alike); a failed save also toasts the server's text, else 'Failed to save settings. Please try again.'
 */
export function useSettingsEditor(settings: PlatformSettings) {
  const [tab, setTab] = useState<SettingsSection>('smtp');
  const [saved, setSaved] = useState(false);
  const save = useSavePlatformSettings();
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(SettingsFormSchema), defaultValues: toForm(settings) });

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const onInvalid = (errors: FieldErrors<SettingsFormValues>) => {
    const first = SETTINGS_SECTIONS.find((s) => errors[s]);
    if (first && !errors[tab]) setTab(first);
  };

  const onSubmit = form.handleSubmit((values) => {
    setSaved(false);
    const { passwordSet: _ignored, ...smtp } = values.smtp;
    void _ignored;
    save.mutate({ ...values, smtp } as PlatformSettings, {
      onSuccess: (stored) => {
        form.reset(toForm(stored));
        setSaved(true);
      },
      onError: (err) => {
        const fieldErrors = serverFieldErrors(err, SERVER_FIELDS);
        for (const { field, message } of fieldErrors) form.setError(field, { message });
        const section = fieldErrors[0]?.field.split('.')[0] as SettingsSection | undefined;
        if (section && section !== tab) setTab(section);
        toast.error(saveErrorMessage(err, translate(settingsMessages, 'saveFailed')));
      },
    });
  }, onInvalid);

  return { tab, setTab, saved, save, form, onSubmit };
}

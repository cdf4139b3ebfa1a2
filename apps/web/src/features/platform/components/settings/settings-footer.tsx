import { Check, Save } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { settingsMessages } from '../../messages-settings';

/**
 * Foot of the settings card: the save error (server text, else `saveFailed`), 'Save stores all
 * three sections.', 'Discard changes' (only when `dirty`) and the submit button, which reads
 * 'Saving...' while `pending`, 'Saved' (green, check icon) while `saved`, else 'Save Settings';
 * plus a polite status 'Settings saved' for screen readers.
 */
export function SettingsFooter({
  dirty,
  pending,
  saved,
  error,
  saveFailed,
  onDiscard,
}: {
  dirty: boolean;
  pending: boolean;
  saved: boolean;
  /** The last save's error, or null. */
  error: unknown;
  saveFailed: string;
  onDiscard: () => void;
}) {
  const t = useMessages(settingsMessages);
  const label = pending ? t('saving') : saved ? t('saved') : t('saveSettings');
  return (
    <>
      {error != null && (
        <div className="px-5 pb-4">
          <Alert tone="error">{saveErrorMessage(error, saveFailed)}</Alert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-5 py-3">
        <p className="text-xs text-slate-500">{t('saveStoresAll')}</p>
        <div className="flex gap-2">
          {dirty && (
            <Button variant="ghost" onClick={onDiscard} disabled={pending}>
              {t('discardChanges')}
            </Button>
          )}
          <Button type="submit" variant={saved ? 'success' : 'primary'} disabled={pending} aria-busy={pending || undefined}>
            {saved ? <Check aria-hidden="true" className="h-4 w-4" /> : <Save aria-hidden="true" className="h-4 w-4" />}
            {label}
          </Button>
        </div>
      </div>
      <span role="status" className="sr-only">
        {saved ? t('settingsSaved') : ''}
      </span>
    </>
  );
}

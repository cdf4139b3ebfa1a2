import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { useDisableTwoFactor } from '../api/two-factor';
import { profileMessages } from '../messages';

/**
 * Turning two-factor off: a current 6-digit code from the app, then 'Turn off two-factor'.
 * Success: toast 'Two-factor authentication is off' and the auth store updated. Failure: the
 * server's message (wrong code, required by the operator, too many attempts).
 */
export function DisableTwoFactorForm() {
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();
  const t = useMessages(profileMessages);
  const setTwoFactorEnabled = useAuthStore((s) => s.setTwoFactorEnabled);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { code: code.replace(/\s+/g, '') },
      {
        onSuccess: () => {
          toast.success(t('twoFactorTurnedOff'));
          setTwoFactorEnabled(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('disableFormLabel')} className="space-y-3">
      {disable.isError && <Alert tone="error">{errorMessage(disable.error, t('disableFailed'))}</Alert>}
      <Input
        label={t('appCodeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('codePlaceholder')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="danger" loading={disable.isPending} disabled={code.trim() === ''}>
        {t('disableSubmit')}
      </Button>
    </form>
  );
}

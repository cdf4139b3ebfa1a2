import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useDisableTwoFactor } from '../api/two-factor';

/**
 * Turning two-factor off: a current 6-digit code from the app, then 'Turn off two-factor'.
 * Success: toast 'Two-factor authentication is off' and the auth store updated. Failure: the
 * server's message (wrong code, required by the operator, too many attempts).
 */
export function DisableTwoFactorForm() {
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();
  const setTwoFactorEnabled = useAuthStore((s) => s.setTwoFactorEnabled);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { code: code.replace(/\s+/g, '') },
      {
        onSuccess: () => {
          toast.success('Two-factor authentication is off');
          setTwoFactorEnabled(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor" className="space-y-3">
      {disable.isError && <Alert tone="error">{errorMessage(disable.error, 'Could not turn off two-factor authentication.')}</Alert>}
      <Input
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="danger" loading={disable.isPending} disabled={code.trim() === ''}>
        Turn off two-factor
      </Button>
    </form>
  );
}

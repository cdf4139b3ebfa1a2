import type { AuthResponse } from '@loyalty/contract';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useVerifyTwoFactor } from '../api/login';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The sign-in's second step (docs/security.md 'Two-factor sign-in'): one field for the 6-digit
 * code of the authenticator app or a recovery code, 'Verify', and 'Back' to the password step.
 * A wrong code shows the server's message; `onSignedIn` gets the AuthResponse.
 */
export function TwoFactorCodeForm({ onSignedIn, onBack }: { onSignedIn: (session: AuthResponse) => void; onBack: () => void }) {
  const t = useMessages(authMessages);
  const [code, setCode] = useState('');
  const verify = useVerifyTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ code: code.trim() }, { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {verify.isError && <Alert tone="error">{verify.error instanceof ApiError ? verify.error.message : t('twoFactorFailed')}</Alert>}
      <Input
        label={t('twoFactorCodeLabel')}
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        placeholder="123456"
        hint={t('twoFactorCodeHint')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending} disabled={code.trim() === ''}>
        {!verify.isPending && <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
        {t('twoFactorVerify')}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        {t('backToSignIn')}
      </Button>
    </form>
  );
}

import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { TwoFactorSetupFlow } from './two-factor-setup-flow';

/**
 * 'Two-factor authentication' on the Profile (docs/security.md): On or Off; when off, the set-up
 * (QR code, key, first code, recovery codes once); when on, turning it off with a current code.
 */
export function TwoFactorCard() {
  const enabled = useAuthStore((s) => s.twoFactorEnabled);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Two-factor authentication</CardTitle>
        <Badge color={enabled ? 'green' : 'grey'}>{enabled ? 'On' : 'Off'}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          {enabled
            ? 'Signing in asks for a code from your authenticator app after your password.'
            : 'Add a second step to signing in: a code from an authenticator app on your phone.'}
        </p>
        {enabled ? <DisableTwoFactorForm /> : <TwoFactorSetupFlow onDone={() => toast.success('Two-factor authentication is on')} />}
      </CardContent>
    </Card>
  );
}

import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { profileMessages } from '../messages';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { TwoFactorSetupFlow } from './two-factor-setup-flow';

/**
 * 'Two-factor authentication' on the Profile (docs/security.md): On or Off; when off, the set-up
 * (QR code, key, first code, recovery codes once); when on, turning it off with a current code.
 */
export function TwoFactorCard() {
  const enabled = useAuthStore((s) => s.twoFactorEnabled);
  const t = useMessages(profileMessages);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t('twoFactorTitle')}</CardTitle>
        <Badge color={enabled ? 'green' : 'grey'}>{enabled ? t('twoFactorOn') : t('twoFactorOff')}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{enabled ? t('twoFactorOnDescription') : t('twoFactorOffDescription')}</p>
        {enabled ? <DisableTwoFactorForm /> : <TwoFactorSetupFlow onDone={() => toast.success(t('twoFactorTurnedOn'))} />}
      </CardContent>
    </Card>
  );
}

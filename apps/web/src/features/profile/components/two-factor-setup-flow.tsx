import { ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useMessages } from '@/lib/i18n';
import { useTwoFactorSetup } from '../hooks/use-two-factor-setup';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorScan } from './two-factor-scan';
import { profileMessages } from '../messages';

/**
 * Turning two-factor on, start to end (docs/security.md): 'Set up two-factor authentication',
 * then the QR code with the key and the first code, then the recovery codes once. After 'I have
 * saved my codes' the auth store says two-factor is on and `onDone` runs; `cancellable` offers
 * Cancel during the scan.
 */
export function TwoFactorSetupFlow({ onDone, cancellable = true }: { onDone: () => void; cancellable?: boolean }) {
  const flow = useTwoFactorSetup();
  const t = useMessages(profileMessages);
  const setTwoFactorEnabled = useAuthStore((s) => s.setTwoFactorEnabled);
  const { stage } = flow;
  if (stage.step === 'codes') {
    return (
      <RecoveryCodes
        codes={stage.recoveryCodes}
        onDone={() => {
          // Marked only now: the store's change swaps the Profile card to 'On' and releases a required set-up.
          setTwoFactorEnabled(true);
          flow.reset();
          onDone();
        }}
      />
    );
  }
  if (stage.step === 'scan') {
    return (
      <TwoFactorScan
        setup={stage.setup}
        qr={stage.qr}
        pending={flow.enableMutation.isPending}
        error={flow.enableMutation.error}
        onConfirm={flow.confirm}
        onCancel={cancellable ? flow.reset : undefined}
      />
    );
  }
  return (
    <div className="space-y-3">
      {flow.setupMutation.isError && <Alert tone="error">{errorMessage(flow.setupMutation.error, t('setupFailed'))}</Alert>}
      <Button onClick={flow.start} loading={flow.setupMutation.isPending}>
        {!flow.setupMutation.isPending && <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
        {t('setUpTwoFactor')}
      </Button>
    </div>
  );
}

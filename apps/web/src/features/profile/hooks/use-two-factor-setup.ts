import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { TwoFactorSetupResponse } from '@loyalty/contract';
import { useEnableTwoFactor, useSetupTwoFactor } from '../api/two-factor';

/** Where a two-factor set-up stands: not started, showing the QR code, or showing the recovery codes once. */
export type SetupStage = { step: 'idle' } | { step: 'scan'; setup: TwoFactorSetupResponse; qr: string | null } | { step: 'codes'; recoveryCodes: string[] };

/**
 * The two-factor set-up's state and requests (docs/security.md): `start` asks for a secret and
 * draws its otpauth URI as an SVG QR code (the `qrcode` package); `confirm(code)` turns it on
 * with a current code and moves to the recovery codes (the caller marks the auth store once
 * they are saved); `reset` goes back to the start.
 * @returns `{ stage, start, confirm, reset, setupMutation, enableMutation }`.
 */
export function useTwoFactorSetup() {
  const [stage, setStage] = useState<SetupStage>({ step: 'idle' });
  const setupMutation = useSetupTwoFactor();
  const enableMutation = useEnableTwoFactor();
  const url = stage.step === 'scan' ? stage.setup.otpauthUrl : null;

  useEffect(() => {
    if (!url) return;
    let live = true;
    void QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((svg) => {
      if (live)
        setStage((s) => (s.step === 'scan' && s.setup.otpauthUrl === url ? { ...s, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` } : s));
    });
    return () => {
      live = false;
    };
  }, [url]);

  const start = () => setupMutation.mutate(undefined, { onSuccess: (setup) => setStage({ step: 'scan', setup, qr: null }) });
  const confirm = (code: string) =>
    enableMutation.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => setStage({ step: 'codes', recoveryCodes }),
      },
    );
  const reset = () => setStage({ step: 'idle' });
  return { stage, start, confirm, reset, setupMutation, enableMutation };
}

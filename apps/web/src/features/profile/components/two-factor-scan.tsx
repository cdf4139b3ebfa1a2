import type { TwoFactorSetupResponse } from '@loyalty/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { profileMessages } from '../messages';

/**
 * Step 1 of the two-factor set-up: the QR code of the otpauth URI (`qr`, an SVG data URL; a
 * spinner while it is drawn), the secret as text for typing in by hand, and the field for the
 * first 6-digit code, which `onConfirm` sends. `error`: the failed confirmation, shown above.
 */
export function TwoFactorScan(props: {
  setup: TwoFactorSetupResponse;
  qr: string | null;
  pending: boolean;
  error: unknown;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const t = useMessages(profileMessages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm(code.replace(/\s+/g, ''));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('scanFormLabel')} className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('scanStepOpen')}</li>
        <li>{t('scanStepScan')}</li>
        <li>{t('scanStepEnter')}</li>
      </ol>
      <div className="flex justify-center">
        <div className="flex h-52 w-52 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-slate-200">
          {props.qr ? <img src={props.qr} alt={t('qrAlt')} className="h-full w-full [image-rendering:pixelated]" /> : <Spinner label={t('qrDrawing')} />}
        </div>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">{t('manualKey')}</p>
        <code
          data-testid="two-factor-secret"
          className="mt-1 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider text-slate-900"
        >
          {props.setup.secret}
        </code>
      </div>
      {Boolean(props.error) && <Alert tone="error">{errorMessage(props.error, t('enableFailed'))}</Alert>}
      <Input
        label={t('sixDigitCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('codePlaceholder')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={props.pending} disabled={code.trim() === ''}>
          {t('turnOn')}
        </Button>
        {props.onCancel && (
          <Button variant="ghost" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

import { useEffect, useId, useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { useCopy } from '@/hooks/use-copy';
import { integrationsMessages } from '../messages';

/**
 * A secret shown once (a new API key, a new endpoint's signing secret): the warning
 * `warning` ('Copy this key now…'), the secret in a read-only monospace field named `label`
 * (selected on mount, so Ctrl+C works at once) and a Copy button that turns into 'Copied' for
 * two seconds (announced); when the browser refuses the clipboard, a hint to copy by hand.
 */
export function OneTimeSecret({ label, value, warning }: { label: string; value: string; warning: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopy();
  const t = useMessages(integrationsMessages);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);
  return (
    <div className="space-y-4">
      <Alert tone="warning">{warning}</Alert>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={id}
            readOnly
            value={value}
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            className="block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
          />
          <Button variant="outline" className="shrink-0" onClick={() => void copy(value)}>
            {state === 'copied' ? <Check aria-hidden="true" className="h-4 w-4 text-green-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
            {state === 'copied' ? t('copied') : t('copy')}
          </Button>
        </div>
        <p role="status" className={state === 'failed' ? 'text-sm text-red-600' : 'sr-only'}>
          {state === 'copied' && t('copiedStatus', { label })}
          {state === 'failed' && t('copyFailed')}
        </p>
      </div>
    </div>
  );
}

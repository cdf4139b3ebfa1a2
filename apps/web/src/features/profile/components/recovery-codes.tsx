import { Copy, Download } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { translate, useMessages } from '@/lib/i18n';
import { profileMessages } from '../messages';

/** The file name of the downloaded recovery codes. */
const RECOVERY_CODES_FILE = 'loyalty-cards-recovery-codes.txt';

/** Saves `codes` as a text file, one a line, through a temporary object URL. */
function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${translate(profileMessages, 'recoveryFileHeading')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The ten recovery codes, shown once right after two-factor is turned on: each signs in once
 * instead of a code from the app. Copy (clipboard) and Download (a .txt file), and 'I have
 * saved my codes', which calls `onDone`.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useMessages(profileMessages);
  const copy = () =>
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => toast.success(t('recoveryCopied')))
      .catch(() => toast.error(t('recoveryCopyFailed')));
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={t('recoverySaveTitle')}>
        {t('recoverySaveText')}
      </Alert>
      <ol aria-label={t('recoveryCodes')} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('copy')}
        </Button>
        <Button variant="outline" onClick={() => download(codes)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('download')}
        </Button>
        <Button onClick={onDone}>{t('recoverySaved')}</Button>
      </div>
    </div>
  );
}

import { useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useDeleteWalletLogo } from '../api/delete-wallet-logo';
import { useUploadWalletLogo } from '../api/upload-wallet-logo';
import { logoContentType, logoFileProblem, readAsBase64 } from '../lib/wallet';
import { rulesMessages } from '../messages';

/**
 * The Wallet tab's logo actions (docs/product.md 'Wallet passes'). `onFile` (the file input's
 * change) refuses a file that is not a PNG or SVG or is over 1 MB before any request, else reads
 * it as base64 and uploads it: 'Logo uploaded successfully' toasted, or the server's refusal
 * (else 'Failed to upload the logo. Please try again.') in `problem`. Removing asks first
 * (`confirming`); the confirmed DELETE toasts 'Logo removed successfully' and closes, a failure
 * stays in the dialog (`removeError`).
 */
export function useWalletLogo(slug: string) {
  const upload = useUploadWalletLogo(slug);
  const remove = useDeleteWalletLogo(slug);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const contentType = logoContentType(file);
    const refusal = logoFileProblem(file);
    setProblem(refusal);
    if (refusal || !contentType) return;
    readAsBase64(file).then(
      (dataBase64) =>
        upload.mutate(
          { contentType, dataBase64 },
          {
            onSuccess: () => toast.success(translate(rulesMessages, 'walletLogoUploaded')),
            onError: (err) => setProblem(saveErrorMessage(err, translate(rulesMessages, 'walletLogoUploadFailed'))),
          },
        ),
      () => setProblem(translate(rulesMessages, 'walletLogoReadFailed')),
    );
  };

  const closeRemove = () => {
    remove.reset();
    setConfirming(false);
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(translate(rulesMessages, 'walletLogoRemoved'));
        setProblem(null);
        closeRemove();
      },
    });

  return {
    onFile,
    uploading: upload.isPending,
    problem,
    confirming,
    askRemove: () => setConfirming(true),
    closeRemove,
    confirmRemove,
    removing: remove.isPending,
    removeError: remove.isError ? saveErrorMessage(remove.error, translate(rulesMessages, 'walletLogoRemoveFailed')) : null,
  };
}

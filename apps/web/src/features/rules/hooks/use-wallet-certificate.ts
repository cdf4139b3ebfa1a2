import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useUploadWalletCertificate } from '../api/upload-wallet-certificate';
import { certificateFileProblem, readAsBase64 } from '../lib/wallet';
import { rulesMessages } from '../messages';

/**
 * The Wallet tab's certificate upload (docs/product.md 'Wallet passes'). `onFile` (the file
 * input's change) refuses a file over 100 kB at once (`fileError`, the input cleared, nothing
 * sent); `onSubmit` asks for a file when none is chosen, else reads it as base64 and sends
 * `{ p12Base64, password }`: 'Certificate uploaded successfully' toasted and the file and
 * password cleared, or the server's refusal (else 'Failed to upload the certificate. Please try
 * again.') in `problem`. `pending` while the file is read and the upload runs.
 */
export function useWalletCertificate(slug: string) {
  const upload = useUploadWalletCertificate(slug);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = input.files?.[0] ?? null;
    const refusal = chosen ? certificateFileProblem(chosen) : null;
    setFileError(refusal);
    setProblem(null);
    if (refusal) input.value = '';
    setFile(refusal ? null : chosen);
  };

  const uploaded = () => {
    toast.success(translate(rulesMessages, 'walletCertificateUploaded'));
    setFile(null);
    setPassword('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reading || upload.isPending) return;
    if (!file) {
      setFileError(translate(rulesMessages, 'walletCertificateFileRequired'));
      fileInput.current?.focus();
      return;
    }
    setProblem(null);
    setReading(true);
    readAsBase64(file).then(
      (p12Base64) => {
        setReading(false);
        upload.mutate(
          { p12Base64, password },
          { onSuccess: uploaded, onError: (err) => setProblem(saveErrorMessage(err, translate(rulesMessages, 'walletCertificateUploadFailed'))) },
        );
      },
      () => {
        setReading(false);
        setProblem(translate(rulesMessages, 'walletCertificateReadFailed'));
      },
    );
  };

  return {
    fileInput,
    onFile,
    fileError,
    password,
    onPassword: (event: ChangeEvent<HTMLInputElement>) => setPassword(event.currentTarget.value),
    onSubmit,
    pending: reading || upload.isPending,
    problem,
  };
}

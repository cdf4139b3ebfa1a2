import { useState } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { UserX } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useEraseCustomer } from '../api/customer-data';
import { fullName } from '../lib/labels';
import { RichMessage, useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/** Whether `typed` is the customer's full name as the server compares it (trimmed, case-insensitive). */
function nameMatches(typed: string, name: string): boolean {
  return typed.trim().toLowerCase() === name.trim().toLowerCase();
}

/**
 * 'Erase customer' (docs/security.md 'Personal data', ADR 0026): warns that it cannot be undone
 * and what happens (personal data removed, balance written off, cards blocked), asks the Store
 * Admin to type the customer's full name, and keeps 'Erase customer' disabled until it matches.
 * Success: toast 'Customer erased' and `onErased`; a failure shows the server's message.
 */
export function EraseCustomerDialog({
  slug,
  customer,
  onClose,
  onErased,
}: {
  slug: string;
  customer: CustomerListItem | null;
  onClose: () => void;
  onErased: () => void;
}) {
  const t = useMessages(customersMessages);
  const erase = useEraseCustomer(slug);
  const [typed, setTyped] = useState('');
  const name = customer ? fullName(customer) : '';
  const close = () => {
    erase.reset();
    setTyped('');
    onClose();
  };
  const confirm = () => {
    if (!customer) return;
    erase.mutate(
      { id: customer.id, confirm: typed },
      {
        onSuccess: () => {
          toast.success(t('eraseErased'));
          setTyped('');
          onErased();
        },
      },
    );
  };
  return (
    <ActionConfirmDialog
      open={customer !== null}
      onClose={close}
      title={t('eraseTitle')}
      pending={erase.isPending}
      onConfirm={confirm}
      confirmDisabled={!nameMatches(typed, name)}
      icon={UserX}
      confirmLabel={t('eraseTitle')}
      error={erase.isError ? errorMessage(erase.error, t('eraseFailed')) : null}
    >
      <Alert tone="warning" title={t('eraseWarningTitle')}>
        <RichMessage catalog={customersMessages} id="eraseWarning" values={{ name }} components={{ name: <strong /> }} />
      </Alert>
      <Input label={t('eraseConfirmLabel', { name })} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
    </ActionConfirmDialog>
  );
}

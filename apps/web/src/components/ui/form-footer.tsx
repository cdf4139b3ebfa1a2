import type { ReactNode } from 'react';
import { Button } from './button';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** Props of {@link FormFooter}. */
export interface FormFooterProps {
  /** The `id` of the `<form>` in the dialog's body; the submit button submits it (`form=`). */
  formId: string;
  /** Called by Cancel (the dialog's close). */
  onCancel: () => void;
  /** True while the form's request runs: Cancel is disabled and the submit button shows its spinner. */
  pending: boolean;
  /** Disables the submit button while the form cannot be sent (e.g. nothing left to create). */
  disabled?: boolean;
  /** The submit button's content: its label (spec texts such as 'Save Changes'), optionally with an icon. */
  children: ReactNode;
}

/**
 * The footer of every form dialog: an outline Cancel and the submit button of the form named by
 * `formId`. Pass it as the `footer` of `Dialog`.
 */
export function FormFooter({ formId, onCancel, pending, disabled, children }: FormFooterProps) {
  const t = useMessages(componentsMessages);
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {t('cancel')}
      </Button>
      <Button type="submit" form={formId} loading={pending} disabled={disabled}>
        {children}
      </Button>
    </>
  );
}

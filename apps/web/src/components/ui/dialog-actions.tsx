import type { ReactNode } from 'react';
import { Button } from './button';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** Props of {@link DialogActions}. */
export interface DialogActionsProps {
  /** Called by Cancel (the dialog's close). */
  onCancel: () => void;
  /** Disables Cancel (while the dialog's request runs). */
  cancelDisabled?: boolean;
  /** The dialog's main button(s), after Cancel. */
  children: ReactNode;
}

/**
 * The footer of a dialog whose main button is not a form's submit (Try again, Subscribe): an
 * outline Cancel, then `children`. Pass it as the `footer` of `Dialog`; form dialogs use `FormFooter`.
 */
export function DialogActions({ onCancel, cancelDisabled, children }: DialogActionsProps) {
  const t = useMessages(componentsMessages);
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {t('cancel')}
      </Button>
      {children}
    </>
  );
}

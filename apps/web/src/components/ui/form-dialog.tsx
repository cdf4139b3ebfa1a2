import { useId, type ComponentProps, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { FormFooter } from './form-footer';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  open: boolean;
  /** Called by Cancel, Escape, × and the backdrop (none of them while `pending`). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ComponentProps<typeof Dialog>['size'];
  /** True while the form's request runs: the dialog cannot be dismissed and the submit button spins. */
  pending: boolean;
  /** The submit button's content ('Save Changes', 'Create Store'), optionally with an icon. */
  submitLabel: ReactNode;
  /** Keeps the submit button disabled (e.g. nothing left to create). */
  submitDisabled?: boolean;
  /** The body: gets the `id` its `<form>` must carry so the footer's submit button submits it. */
  children: (formId: string) => ReactNode;
}

/**
 * A dialog around one form (create, edit, assign, top up): title, description, the form as
 * body, and `FormFooter` (Cancel, submit) at the bottom. It makes the form's id, keeps the
 * dialog open while `pending`, and closes through `onClose`.
 */
export function FormDialog({ open, onClose, title, description, size, pending, submitLabel, submitDisabled, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      description={description}
      dismissible={!pending}
      footer={
        <FormFooter formId={formId} onCancel={onClose} pending={pending} disabled={submitDisabled}>
          {submitLabel}
        </FormFooter>
      }
    >
      {children(formId)}
    </Dialog>
  );
}

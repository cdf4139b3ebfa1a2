import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ActionConfirmDialog } from './action-confirm-dialog';
import { ConfirmDialog } from './confirm-dialog';

/** A page with a 'Delete' button that opens the confirmation; Cancel/Escape close it through `onClose`. */
function DeletePage({
  onConfirm = () => {},
  pending = false,
  confirmDisabled = false,
  destructive = true,
}: {
  onConfirm?: () => void;
  pending?: boolean;
  confirmDisabled?: boolean;
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete Customer"
        description="Ada Lovelace will be removed."
        confirmLabel="Delete Customer"
        destructive={destructive}
        pending={pending}
        confirmDisabled={confirmDisabled}
        onConfirm={onConfirm}
      >
        <p>Their cards stay in the ledger.</p>
      </ConfirmDialog>
    </>
  );
}

async function openDialog(ui = <DeletePage />) {
  const user = userEvent.setup();
  const view = render(ui);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Customer' });
  return { ...view, user, dialog };
}

describe('ConfirmDialog', () => {
  it('asks the question as an alert dialog, described, with the safe answer focused', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Ada Lovelace will be removed.');
    expect(within(dialog).getByText('Their cards stay in the ledger.')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Delete Customer' })).toBeEnabled();
  });

  it('runs the action on confirm and stays open until the caller closes it', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog(<DeletePage onConfirm={onConfirm} />);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Customer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog', { name: 'Delete Customer' })).toBeVisible();
  });

  it('closes on Cancel without acting, and gives the focus back to the opener', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog(<DeletePage onConfirm={onConfirm} />);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
  });

  it('closes on Escape', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('cannot be closed by any means while the request runs', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog(<DeletePage pending onConfirm={onConfirm} />);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Delete Customer' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /Delete Customer/ })).toBeDisabled();
  });

  it('keeps the confirm button disabled while the caller says so', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog(<DeletePage confirmDisabled onConfirm={onConfirm} />);
    const confirm = within(dialog).getByRole('button', { name: 'Delete Customer' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} onClose={() => {}} title="Delete Customer" confirmLabel="Delete Customer" onConfirm={() => {}} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Delete Customer')).not.toBeInTheDocument();
  });
});

describe('ActionConfirmDialog', () => {
  function renderAction(props: { error?: string; destructive?: boolean } = {}) {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <ActionConfirmDialog open onClose={onClose} onConfirm={onConfirm} title="Cancel this order?" confirmLabel="Cancel order" icon={Trash2} {...props}>
        <p>The order of 100 cards will not be printed.</p>
      </ActionConfirmDialog>,
    );
    return { user, onConfirm, onClose, dialog: screen.getByRole('alertdialog', { name: 'Cancel this order?' }) };
  }

  it('shows the body and no error at first, and confirms with its labelled button', async () => {
    const { user, onConfirm, onClose, dialog } = renderAction();
    expect(within(dialog).getByText('The order of 100 cards will not be printed.')).toBeVisible();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the last failure under the body', () => {
    const { dialog } = renderAction({ error: 'Order already shipped' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Order already shipped');
    expect(within(dialog).getByText('The order of 100 cards will not be printed.')).toBeVisible();
  });

  it('closes through onClose on Cancel', async () => {
    const { user, onClose, onConfirm, dialog } = renderAction();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

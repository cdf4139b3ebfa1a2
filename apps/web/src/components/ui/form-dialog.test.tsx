import { useState, type FormEvent } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

/** A store page whose 'New store' button opens a create dialog; the form hands the typed name to `onSave`. */
function StoresPage({
  onSave = () => {},
  pending = false,
  submitDisabled = false,
}: {
  onSave?: (name: string) => void;
  pending?: boolean;
  submitDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(name);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New store
      </button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Create Store"
        description="Stores group cards and staff."
        pending={pending}
        submitLabel="Create Store"
        submitDisabled={submitDisabled}
      >
        {(formId) => (
          <form id={formId} onSubmit={submit}>
            <label>
              Store name
              <input value={name} onChange={(e) => setName(e.target.value)} />
            </label>
          </form>
        )}
      </FormDialog>
    </>
  );
}

async function openDialog(ui = <StoresPage />) {
  const user = userEvent.setup();
  render(ui);
  await user.click(screen.getByRole('button', { name: 'New store' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Store' });
  return { user, dialog };
}

const isClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('FormDialog', () => {
  it('opens named and described, with the first field focused', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Stores group cards and staff.');
    await waitFor(() => expect(within(dialog).getByLabelText('Store name')).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('submits the form in its body from the footer’s button, and by Enter in a field', async () => {
    const onSave = vi.fn();
    const { user, dialog } = await openDialog(<StoresPage onSave={onSave} />);
    await user.type(within(dialog).getByLabelText('Store name'), 'Harbour Street');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    expect(onSave).toHaveBeenLastCalledWith('Harbour Street');
    await user.type(within(dialog).getByLabelText('Store name'), '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('closes on Cancel, on × and on Escape, giving the focus back to the opener', async () => {
    const { user, dialog: first } = await openDialog();
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await isClosed();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New store' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'New store' }));
    const second = await screen.findByRole('dialog', { name: 'Create Store' });
    await user.click(within(second).getByRole('button', { name: 'Close' }));
    await isClosed();

    await user.click(screen.getByRole('button', { name: 'New store' }));
    await screen.findByRole('dialog', { name: 'Create Store' });
    await user.keyboard('{Escape}');
    await isClosed();
  });

  it('forgets what was typed once closed (the body unmounts)', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Store name'), 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await isClosed();
    expect(screen.queryByLabelText('Store name')).not.toBeInTheDocument();
  });

  it('cannot be dismissed while the request runs, and its submit button spins', async () => {
    const onSave = vi.fn();
    const { user, dialog } = await openDialog(<StoresPage pending onSave={onSave} />);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    const submit = within(dialog).getByRole('button', { name: 'Create Store' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create Store' })).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the submit button disabled while the caller says the form cannot be sent', async () => {
    const onSave = vi.fn();
    const { user, dialog } = await openDialog(<StoresPage submitDisabled onSave={onSave} />);
    const submit = within(dialog).getByRole('button', { name: 'Create Store' });
    expect(submit).toBeDisabled();
    expect(submit).not.toHaveAttribute('aria-busy');
    await user.click(submit);
    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});

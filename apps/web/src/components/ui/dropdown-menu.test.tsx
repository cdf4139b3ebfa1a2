import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from './dropdown-menu';

/** A row's overflow menu whose 'Rename' item opens a dialog, as the pages use it. */
function RowMenu({ onArchive }: { onArchive: () => void }) {
  const [renaming, setRenaming] = useState(false);
  return (
    <>
      <DropdownMenu trigger={<Button aria-label="More actions for Latte">⋮</Button>}>
        <DropdownMenuItem onSelect={() => setRenaming(true)}>Rename</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => undefined} disabled>
          Duplicate
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onArchive} danger>
          Archive
        </DropdownMenuItem>
      </DropdownMenu>
      <Dialog open={renaming} onClose={() => setRenaming(false)} title="Rename product">
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe('DropdownMenu (WAI-ARIA menu button on Radix)', () => {
  it('opens on click with its items and runs the chosen one', async () => {
    const onArchive = vi.fn();
    const user = userEvent.setup();
    render(<RowMenu onArchive={onArchive} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Latte' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Duplicate', 'Archive']);
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(onArchive).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('skips a disabled item with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<RowMenu onArchive={vi.fn()} />);
    screen.getByRole('button', { name: 'More actions for Latte' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toHaveFocus();
  });

  it('gives focus back to the menu button when a dialog opened from an item closes', async () => {
    const user = userEvent.setup();
    render(<RowMenu onArchive={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'More actions for Latte' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Rename product' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});

import type { CardResponse } from '@loyalty/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { cardWith } from '@/test/fixtures';
import { CardTile, type CardTileActions } from './card-tile';

const MORE = 'More actions for card ACME0001';

function actionsSpy(): { [K in keyof CardTileActions]: Mock<CardTileActions[K]> } {
  return { onToggleSelect: vi.fn(), onView: vi.fn(), onAssign: vi.fn(), onAssignStore: vi.fn(), onToggleBlock: vi.fn(), onDownload: vi.fn() };
}

/** One tile as the Cards page draws it for a tenant admin of a tenant with two stores. */
function renderTile(card: CardResponse, options: { canChangeStore?: boolean; canBlock?: boolean; blockPending?: boolean } = {}) {
  const actions = actionsSpy();
  const user = userEvent.setup();
  render(
    <CardTile
      slug="acme"
      card={card}
      selected={false}
      canChangeStore={options.canChangeStore ?? true}
      canBlock={options.canBlock ?? true}
      blockPending={options.blockPending ?? false}
      downloadPending={false}
      actions={actions}
    />,
  );
  return { actions, user, tile: screen.getByRole('article', { name: 'Card ACME0001' }) };
}

describe("Card tile: the status actions sit in a 'More actions' menu", () => {
  it('keeps Download and View on the tile and lists Assign Store and Block in the menu, which runs them', async () => {
    const { actions, user, tile } = renderTile(cardWith());
    expect(within(tile).getByRole('button', { name: 'View' })).toBeVisible();
    expect(within(tile).getByRole('button', { name: 'Download QR code of card ACME0001 (PNG)' })).toBeVisible();
    expect(within(tile).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();

    const trigger = within(tile).getByRole('button', { name: MORE });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = screen.getByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Assign Store', 'Block']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Block' }));
    await waitFor(() => expect(actions.onToggleBlock).toHaveBeenCalledWith(expect.objectContaining({ cardUid: 'ACME0001' })));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(actions.onAssignStore).not.toHaveBeenCalled();
  });

  it('opens with Enter, moves with the arrow keys, and runs Assign Store with focus back on the menu button', async () => {
    const { actions, user, tile } = renderTile(cardWith());
    const trigger = within(tile).getByRole('button', { name: MORE });
    let focusedWhenRun: Element | null = null;
    actions.onAssignStore.mockImplementation(() => (focusedWhenRun = document.activeElement));

    trigger.focus();
    await user.keyboard('{Enter}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(actions.onAssignStore).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // A dialog the item opens remembers the menu button as its opener and gives focus back to it.
    expect(focusedWhenRun).toBe(trigger);
    expect(actions.onToggleBlock).not.toHaveBeenCalled();
  });

  it('opens with Space too, and Escape closes it with focus on the menu button', async () => {
    const { user, tile } = renderTile(cardWith());
    const trigger = within(tile).getByRole('button', { name: MORE });
    trigger.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('offers Unblock on a blocked card', async () => {
    const { actions, user, tile } = renderTile(cardWith({ status: 'BLOCKED' }), { canChangeStore: false });
    await user.click(within(tile).getByRole('button', { name: MORE }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Unblock']);
    await user.click(screen.getByRole('menuitem', { name: 'Unblock' }));
    await waitFor(() => expect(actions.onToggleBlock).toHaveBeenCalledTimes(1));
  });

  it('disables Block and marks the menu button busy while the block request runs', async () => {
    const { actions, user, tile } = renderTile(cardWith(), { blockPending: true });
    const trigger = within(tile).getByRole('button', { name: MORE });
    expect(trigger).toHaveAttribute('aria-busy', 'true');
    await user.click(trigger);
    const block = screen.getByRole('menuitem', { name: 'Block' });
    expect(block).toHaveAttribute('aria-disabled', 'true');
    await user.click(block);
    expect(actions.onToggleBlock).not.toHaveBeenCalled();
  });

  it('shows Assign and no menu on an unassigned card', async () => {
    const { actions, user, tile } = renderTile(cardWith({ status: 'UNASSIGNED', customer: null, customerId: null }));
    expect(within(tile).queryByRole('button', { name: MORE })).not.toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Assign' }));
    expect(actions.onAssign).toHaveBeenCalledWith(expect.objectContaining({ cardUid: 'ACME0001' }));
  });

  it('has no menu when neither Block nor Assign Store applies (a cashier, one store)', () => {
    const { tile } = renderTile(cardWith(), { canChangeStore: false, canBlock: false });
    expect(within(tile).queryByRole('button', { name: MORE })).not.toBeInTheDocument();
  });

  it('lists only Block when the tenant has one store', async () => {
    const { user, tile } = renderTile(cardWith(), { canChangeStore: false });
    await user.click(within(tile).getByRole('button', { name: MORE }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Block']);
  });
});

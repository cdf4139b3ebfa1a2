import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Tooltip } from './tooltip';

function renderDownload() {
  const user = userEvent.setup();
  render(
    <Tooltip content="Download QR code (PNG)" delayMs={0}>
      <Button aria-label="Download QR code of card ACME0001 (PNG)">↓</Button>
    </Tooltip>,
  );
  return { user, button: screen.getByRole('button', { name: 'Download QR code of card ACME0001 (PNG)' }) };
}

describe('Tooltip (Radix)', () => {
  it('is hidden until the control is used', () => {
    renderDownload();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows its hint on keyboard focus and describes the control with it; Escape hides it', async () => {
    const { user, button } = renderDownload();
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download QR code (PNG)');
    expect(button).toHaveAccessibleDescription('Download QR code (PNG)');
    // The hint describes the control; it does not replace its name.
    expect(button).toHaveAccessibleName('Download QR code of card ACME0001 (PNG)');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows its hint on hover and hides it when the pointer leaves', async () => {
    const { user, button } = renderDownload();
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download QR code (PNG)');
    await user.unhover(button);
    // Radix keeps it while the pointer heads for the hint; a move elsewhere closes it.
    await user.pointer({ target: document.body, coords: { clientX: 600, clientY: 600 } });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});

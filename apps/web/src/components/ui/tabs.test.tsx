import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Section = 'earn' | 'redeem' | 'adjust';
const ITEMS = [
  { value: 'earn', label: 'Earn' },
  { value: 'redeem', label: 'Redeem' },
  { value: 'adjust', label: 'Adjust' },
] as const;

/** The till's three tabs; each panel holds one field named after its tab. */
function Till({ start = 'earn' }: { start?: Section }) {
  const [tab, setTab] = useState<Section>(start);
  return (
    <Tabs items={ITEMS} value={tab} onChange={setTab} label="Transaction type">
      <label>
        {`${ITEMS.find((i) => i.value === tab)?.label} amount`}
        <input />
      </label>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('names the tab list, selects the current tab and renders only its panel', () => {
    render(<Till />);
    expect(screen.getByRole('tablist', { name: 'Transaction type' })).toBeVisible();
    expect(tab('Earn')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Redeem')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByLabelText('Earn amount'));
    expect(screen.queryByLabelText('Redeem amount')).not.toBeInTheDocument();
  });

  it('switches panel on a click', async () => {
    const user = userEvent.setup();
    render(<Till />);
    await user.click(tab('Redeem'));
    expect(tab('Redeem')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Redeem amount')).toBeVisible();
    expect(screen.queryByLabelText('Earn amount')).not.toBeInTheDocument();
  });

  it('is one Tab stop: the selected tab, then the panel’s field', async () => {
    const user = userEvent.setup();
    render(<Till start="redeem" />);
    await user.tab();
    expect(tab('Redeem')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Redeem amount')).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping around, and with Home and End', async () => {
    const user = userEvent.setup();
    render(<Till />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab('Redeem')).toHaveFocus());
    expect(tab('Redeem')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Redeem amount')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(tab('Adjust')).toHaveFocus());
    expect(tab('Adjust')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    await waitFor(() => expect(tab('Earn')).toHaveFocus());
    expect(tab('Earn')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{End}');
    await waitFor(() => expect(tab('Adjust')).toHaveFocus());
    expect(screen.getByLabelText('Adjust amount')).toBeInTheDocument();
  });

  it('falls back to the first tab when the value matches none', () => {
    render(
      <Tabs items={ITEMS} value={'refund' as Section} onChange={() => {}} label="Transaction type">
        <p>Panel</p>
      </Tabs>,
    );
    expect(tab('Earn')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel');
  });
});

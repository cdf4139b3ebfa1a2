import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashbackRule, TierRule } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch, type FetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { RulesPage } from './rules-page';

const CASHBACK = '/api/t/acme/rules/cashback';

const storedCashback: CashbackRule[] = [
  { id: 'r1', category: 'PURCHASE', baseRateBps: 200, isActive: true },
  { id: 'r2', category: 'REPAIR', baseRateBps: 300, isActive: true },
  { id: 'r3', category: 'OTHER', baseRateBps: 100, isActive: false },
];
const storedTiers: TierRule[] = [{ id: 't1', tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true }];

function stubRulesServer(): FetchStub {
  return stubFetch()
    .on('GET', CASHBACK, json(200, { rules: storedCashback }))
    .on('GET', '/api/t/acme/rules/tiers', json(200, { rules: storedTiers }))
    .on('GET', '/api/t/acme/rules/offers', json(200, { offers: [] }));
}

async function renderRules() {
  const view = renderWithProviders(<RulesPage />, { route: '/t/acme/rules', path: '/t/:slug/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
  const form = await screen.findByRole('form', { name: 'Cashback rules' });
  const rateOf = (category: string) => within(within(form).getByRole('group', { name: category })).getByLabelText('Rate (%)');
  return { ...view, form, rateOf };
}

describe('Rules page: the cashback rules form', () => {
  it('shows the stored bps as percents', async () => {
    stubRulesServer();
    const { rateOf } = await renderRules();
    expect(rateOf('Purchase')).toHaveValue(2);
    expect(rateOf('Repair')).toHaveValue(3);
    expect(rateOf('Other')).toHaveValue(1);
  });

  it('sends a typed percent as basis points and confirms the save', async () => {
    const server = stubRulesServer().on(
      'PUT',
      CASHBACK,
      json(200, { rules: [{ ...storedCashback[0], baseRateBps: 250 }, storedCashback[1], storedCashback[2]] }),
    );
    const { user, rateOf } = await renderRules();

    await user.clear(rateOf('Purchase'));
    await user.type(rateOf('Purchase'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save Cashback Rules' }));

    expect(await screen.findByText('Cashback rules saved successfully')).toBeInTheDocument();
    expect(server.requestsTo('PUT', CASHBACK)[0].body).toEqual({
      rules: [
        { category: 'PURCHASE', baseRateBps: 250, isActive: true },
        { category: 'REPAIR', baseRateBps: 300, isActive: true },
        { category: 'OTHER', baseRateBps: 100, isActive: false },
      ],
    });
    expect(rateOf('Purchase')).toHaveValue(2.5);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('says what is wrong with a rate and saves nothing', async () => {
    const server = stubRulesServer();
    const { user, rateOf } = await renderRules();

    await user.clear(rateOf('Repair'));
    await user.type(rateOf('Repair'), '150');
    await user.clear(rateOf('Other'));
    await user.click(screen.getByRole('button', { name: 'Save Cashback Rules' }));

    expect(await screen.findByText('Rate must be between 0 and 100%')).toBeVisible();
    expect(rateOf('Repair')).toHaveAccessibleDescription('Rate must be between 0 and 100%');
    expect(rateOf('Other')).toHaveAccessibleDescription('Rate is required');
    expect(screen.getByText('Fix the highlighted rates above to see the cashback.')).toBeVisible();
    expect(server.requestsTo('PUT', CASHBACK)).toHaveLength(0);
  });

  it('shows the server’s reason when the save is refused', async () => {
    stubRulesServer().on('PUT', CASHBACK, json(400, { error: 'Rate must be between 0 and 100%', code: 'VALIDATION_ERROR' }));
    const { user, rateOf } = await renderRules();
    await user.clear(rateOf('Purchase'));
    await user.type(rateOf('Purchase'), '5');
    await user.click(screen.getByRole('button', { name: 'Save Cashback Rules' }));
    expect(await screen.findByText('Rate must be between 0 and 100%')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });
});

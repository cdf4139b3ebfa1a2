import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiabilityReport } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { LiabilityPage } from './liability-page';

const REPORT: LiabilityReport = {
  timezone: 'Europe/Berlin',
  from: '2026-11-01',
  to: '2026-11-02',
  outstandingCents: 123_456,
  cardsWithBalance: 42,
  expiringNext30DaysCents: 2_500,
  byStore: [
    { storeId: 's1', storeName: 'Main Store', outstandingCents: 120_000 },
    { storeId: null, storeName: 'No store', outstandingCents: 3_456 },
  ],
  byAge: [
    { bucket: '0-30', cents: 100_000 },
    { bucket: '31-90', cents: 23_456 },
    { bucket: '91-180', cents: 0 },
    { bucket: '181-365', cents: 0 },
    { bucket: '>365', cents: 0 },
  ],
  period: {
    earnedCents: 5_000,
    redeemedCents: 1_200,
    refundedCents: 40,
    unrecoveredCents: 10,
    voidedCents: 300,
    adjustedCents: -50,
    addedFundsCents: 0,
    bonusCents: 0,
    expiredCents: 250,
    breakageRateBps: 500,
  },
  series: [
    { date: '2026-11-01', outstandingCents: 120_000, earnedCents: 2_000, redeemedCents: 0, expiredCents: 0 },
    { date: '2026-11-02', outstandingCents: 123_456, earnedCents: 3_000, redeemedCents: 1_200, expiredCents: 250 },
  ],
};

describe('Liability page', () => {
  it('shows the figures, the period and the age buckets of the answer, with the period from the URL', async () => {
    const server = stubFetch().on('GET', '/api/t/acme/reports/liability?from=2026-11-01&to=2026-11-02', json(200, REPORT));
    renderWithProviders(<LiabilityPage />, {
      route: '/t/acme/liability?from=2026-11-01&to=2026-11-02',
      path: '/t/:slug/liability',
      session: { user: userOf('tenant_admin'), tenant: ACME },
    });
    expect(await screen.findByText('Days in Europe/Berlin', { exact: false })).toBeInTheDocument();
    const value = async (label: string) => within(await screen.findByRole('group', { name: label })).getByTestId('stat-value');
    expect(await value('Outstanding')).toHaveTextContent('$1,234.56');
    expect(await value('Cards with balance')).toHaveTextContent('42');
    expect(await value('Expiring in 30 days')).toHaveTextContent('$25.00');
    expect(await value('Breakage rate')).toHaveTextContent('5.0%');
    const ages = screen.getByRole('table', { name: 'Outstanding cashback by age' });
    expect(within(within(ages).getByRole('row', { name: /31–90 days/ })).getByText('$234.56')).toBeInTheDocument();
    const stores = screen.getByRole('table', { name: 'Outstanding cashback by store' });
    expect(within(within(stores).getByRole('row', { name: /Main Store/ })).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(within(stores).getByRole('row', { name: /No store/ })).getByText('$34.56')).toBeInTheDocument();
    expect(screen.getByText('Owner adjustments').nextSibling).toHaveTextContent('-$0.50');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(server.requestsTo('GET', '/api/t/acme/reports/liability?from=2026-11-01&to=2026-11-02')).toHaveLength(1);
  });
});

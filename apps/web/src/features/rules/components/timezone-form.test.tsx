import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { TimezoneForm } from './timezone-form';

const TIMEZONE = '/api/t/acme/tenant/timezone';

describe('Time zone form', () => {
  it('starts at the stored zone and sends the chosen one', async () => {
    const server = stubFetch().on('PUT', TIMEZONE, json(200, { slug: 'acme', timezone: 'Europe/Berlin' }));
    const { user } = renderWithProviders(<TimezoneForm slug="acme" timezone="UTC" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
    const select = screen.getByLabelText('Time zone');
    expect(select).toHaveValue('UTC');
    expect(screen.getByText('Expiry dates and report days use this time zone.')).toBeVisible();
    await user.selectOptions(select, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save Time Zone' }));
    expect(await screen.findByText('Time zone saved successfully')).toBeInTheDocument();
    expect(server.requestsTo('PUT', TIMEZONE)[0].body).toEqual({ timezone: 'Europe/Berlin' });
    expect(select).toHaveValue('Europe/Berlin');
  });
});

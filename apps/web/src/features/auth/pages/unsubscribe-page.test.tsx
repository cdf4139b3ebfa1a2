import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { UnsubscribePage } from './unsubscribe-page';

const UNSUBSCRIBE = '/api/unsubscribe';

describe('Unsubscribe page', () => {
  it('changes nothing until the customer presses Unsubscribe, then shows the server’s answer', async () => {
    const server = stubFetch().on(
      'POST',
      `${UNSUBSCRIBE}?token=t1.c1.sig`,
      json(200, { message: 'You are unsubscribed. You will get no more e-mails from this business.' }),
    );
    const { user } = renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=t1.c1.sig' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(server.requestsTo('POST', `${UNSUBSCRIBE}?token=t1.c1.sig`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed. You will get no more e-mails from this business.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeInTheDocument();
    expect(server.requestsTo('POST', `${UNSUBSCRIBE}?token=t1.c1.sig`)).toHaveLength(1);
  });

  it('shows the server’s refusal of a bad link', async () => {
    stubFetch().on('POST', `${UNSUBSCRIBE}?token=forged`, json(400, { error: 'This unsubscribe link is not valid.', code: 'VALIDATION_ERROR' }));
    const { user } = renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=forged' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeVisible();
  });

  it('says the link is not valid when it has no token, and offers nothing to press', () => {
    stubFetch();
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe' });
    expect(screen.getByText('This unsubscribe link is not valid.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  });
});

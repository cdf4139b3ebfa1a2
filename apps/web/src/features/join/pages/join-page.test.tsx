import { act, screen, waitFor } from '@testing-library/react';
import { JOIN_CHALLENGE_REQUIRED, JOIN_CHECK_EMAIL, JOIN_CONSENT_REQUIRED, JOIN_TEXT } from '@loyalty/contract';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { JoinConfirmPage } from './join-confirm-page';
import { JOIN_UNAVAILABLE, JoinPage } from './join-page';

// The widget's proof of work needs Web Crypto workers; here the tests play the widget's events.
vi.mock('../lib/load-altcha', () => ({ loadAltcha: () => Promise.resolve() }));

/** What the `<altcha-widget>` does once it solved its challenge: a 'statechange' to verified with the payload. */
async function solveRobotCheck(payload = 'solved-payload') {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  const widget = document.querySelector('altcha-widget')!;
  expect(widget.getAttribute('challenge')).toBe('/api/join/acme/challenge');
  await act(async () => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

const STORE = '22222222-2222-4222-8222-222222222222';
const PAGE = `/api/join/acme/stores/${STORE}`;
const JOIN = '/api/join/acme';
const CONFIRM = '/api/join/acme/confirm';

describe('Join page', () => {
  it('shows the business and the store, refuses without consent, then sends the sign-up and shows the same message whatever the address', async () => {
    const server = stubFetch()
      .on('GET', PAGE, json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street' }))
      .on('POST', JOIN, json(202, { message: JOIN_CHECK_EMAIL }));
    const { user } = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}`, path: '/:slug/join' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Coffee rewards' })).toBeVisible();
    expect(screen.getByText('Harbour Street')).toBeVisible();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CONSENT_REQUIRED)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /I agree to receive my card and messages from Acme Coffee/ }));
    // The robot check has not finished yet: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHALLENGE_REQUIRED)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)).toHaveLength(0);
    await solveRobotCheck();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHECK_EMAIL)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)[0].body).toEqual({
      storeId: STORE,
      firstName: 'Jo',
      lastName: 'Ining',
      email: 'jo@example.com',
      phone: null,
      consent: true,
      altcha: 'solved-payload',
    });
  });

  it("says a friend invited them and sends the friend's code from ?ref= as referralCode", async () => {
    const server = stubFetch()
      .on('GET', PAGE, json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street' }))
      .on('POST', JOIN, json(202, { message: JOIN_CHECK_EMAIL }));
    const { user } = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}&ref=k7m2qr9x`, path: '/:slug/join' });
    expect(await screen.findByText('You were invited by a friend: you both get a bonus after your first purchase.')).toBeVisible();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('checkbox'));
    await solveRobotCheck();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHECK_EMAIL)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)[0].body).toMatchObject({ storeId: STORE, email: 'jo@example.com', referralCode: 'K7M2QR9X' });
  });

  it('opens a referral link without a store at the store the server names, with the referrer, and signs up there', async () => {
    const server = stubFetch()
      .on(
        'GET',
        '/api/join/acme/referral/K7M2QR9X',
        json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street', storeId: STORE, referrerFirstName: 'Jane' }),
      )
      .on('POST', JOIN, json(202, { message: JOIN_CHECK_EMAIL }));
    const { user } = renderWithProviders(<JoinPage />, { route: '/acme/join?ref=k7m2qr9x', path: '/:slug/join' });
    expect(await screen.findByText('Jane invited you: you both get a bonus after your first purchase.')).toBeVisible();
    expect(screen.getByText('Harbour Street')).toBeVisible();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('checkbox'));
    await solveRobotCheck();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHECK_EMAIL)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)[0].body).toMatchObject({ storeId: STORE, referralCode: 'K7M2QR9X' });
  });

  it('says the page is not available for a referral link whose code is unknown', async () => {
    stubFetch().on('GET', '/api/join/acme/referral/ZZZZZZZZ', json(404, { error: JOIN_TEXT.notFound, code: 'NOT_FOUND' }));
    renderWithProviders(<JoinPage />, { route: '/acme/join?ref=ZZZZZZZZ', path: '/:slug/join' });
    expect(await screen.findByText(JOIN_UNAVAILABLE)).toBeVisible();
  });

  it('says nothing of a friend and sends no referralCode when ?ref= is missing or is no code', async () => {
    const server = stubFetch()
      .on('GET', PAGE, json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street' }))
      .on('POST', JOIN, json(202, { message: JOIN_CHECK_EMAIL }));
    const { user } = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}&ref=nope`, path: '/:slug/join' });
    await user.type(await screen.findByLabelText('First name'), 'Jo');
    expect(screen.queryByText(/invited by a friend/)).toBeNull();
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('checkbox'));
    await solveRobotCheck();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHECK_EMAIL)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)[0].body).not.toHaveProperty('referralCode');
  });

  it("puts the server's field message under its field and a rate limit in a red box", async () => {
    stubFetch()
      .on('GET', PAGE, json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street' }))
      .on('POST', JOIN, json(429, { error: 'Too many sign-ups from this network. Please try again later.', code: 'RATE_LIMITED' }));
    const { user } = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}`, path: '/:slug/join' });
    await user.type(await screen.findByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('checkbox'));
    await solveRobotCheck();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Too many sign-ups from this network. Please try again later.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it("shows the store's daily cap and a full quota in a red box, and asks for a new robot check after each refusal", async () => {
    const server = stubFetch()
      .on('GET', PAGE, json(200, { businessName: 'Acme Coffee', storeName: 'Harbour Street' }))
      .on('POST', JOIN, json(429, { error: JOIN_TEXT.dailyCap, code: 'RATE_LIMITED' }));
    const { user } = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}`, path: '/:slug/join' });
    await user.type(await screen.findByLabelText('First name'), 'Jo');
    await user.type(screen.getByLabelText('Last name'), 'Ining');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('checkbox'));
    await solveRobotCheck('first');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_TEXT.dailyCap)).toBeVisible();
    // The server spent that challenge: the form waits for a new one.
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_CHALLENGE_REQUIRED)).toBeVisible();
    expect(server.requestsTo('POST', JOIN)).toHaveLength(1);
    server.on('POST', JOIN, json(422, { error: JOIN_TEXT.full, code: 'BUSINESS_RULE' }));
    await solveRobotCheck('second');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(JOIN_TEXT.full)).toBeVisible();
    expect(server.requestsTo('POST', JOIN).map((r) => (r.body as { altcha: string }).altcha)).toEqual(['first', 'second']);
  });

  it('says the page is not available for a store that takes no sign-ups, or without a store', async () => {
    stubFetch().on('GET', PAGE, json(404, { error: 'This sign-up page is not available', code: 'NOT_FOUND' }));
    const first = renderWithProviders(<JoinPage />, { route: `/acme/join?store=${STORE}`, path: '/:slug/join' });
    expect(await screen.findByText(JOIN_UNAVAILABLE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    first.unmount();
    renderWithProviders(<JoinPage />, { route: '/acme/join', path: '/:slug/join' });
    expect(screen.getByText(JOIN_UNAVAILABLE)).toBeVisible();
  });
});

describe('Join confirmation page', () => {
  it('confirms once and shows the card: its QR, number, balance and page', async () => {
    const server = stubFetch().on(
      'POST',
      CONFIRM,
      json(200, {
        businessName: 'Acme Coffee',
        firstName: 'Jo',
        storeName: 'Harbour Street',
        card: { cardUid: 'ABCD2345EFGH', qrUrl: 'http://localhost/acme/c/ABCD2345EFGH?t=sig', balanceCents: 0 },
      }),
    );
    renderWithProviders(<JoinConfirmPage />, { route: '/acme/join/confirm?token=tok', path: '/:slug/join/confirm' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jo!' })).toBeVisible();
    expect(await screen.findByRole('img', { name: 'QR code of card ABCD2345EFGH' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByText('ABCD 2345 EFGH')).toBeVisible();
    expect(screen.getByText('$0.00')).toBeVisible();
    expect(screen.getByRole('link', { name: /Open your card page/ })).toHaveAttribute('href', 'http://localhost/acme/c/ABCD2345EFGH?t=sig');
    expect(server.requestsTo('POST', CONFIRM).map((r) => r.body)).toEqual([{ token: 'tok' }]);
  });

  it("shows the server's refusal of the link", async () => {
    stubFetch().on('POST', CONFIRM, json(400, { error: 'This link has expired. Please sign up again.', code: 'VALIDATION_ERROR' }));
    renderWithProviders(<JoinConfirmPage />, { route: '/acme/join/confirm?token=old', path: '/:slug/join/confirm' });
    expect(await screen.findByText('This link has expired. Please sign up again.')).toBeVisible();
  });
});

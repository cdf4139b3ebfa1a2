import { screen, waitFor, within } from '@testing-library/react';
import type { BirthdayView, MyBirthdayResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { BirthdayCard } from './birthday-card';

const BIRTHDAY = '/t/acme/me/birthday';

/** The server: PUT /me/birthday answers what it was sent (the year null when not given). */
function serve() {
  server.use(
    http.put(api(BIRTHDAY), async ({ request }) => {
      const { birthday } = (await request.json()) as { birthday: { month: number; day: number; year?: number } | null };
      return HttpResponse.json<MyBirthdayResponse>({ birthday: birthday && { ...birthday, year: birthday.year ?? null } });
    }),
  );
  return recordRequests();
}

function renderCard(birthday: BirthdayView | null = null) {
  const view = renderWithProviders(<BirthdayCard slug="acme" birthday={birthday} />, { session: { user: userOf('customer'), tenant: ACME } });
  const form = screen.getByRole('form', { name: 'Your birthday' });
  return { ...view, form, save: () => view.user.click(within(form).getByRole('button', { name: 'Save birthday' })) };
}

describe('Birthday card', () => {
  it('sends the chosen month and day without a year when none is typed, and says so', async () => {
    const sent = serve();
    const { user, form, save } = renderCard();
    expect(screen.getByText('Tell us your birthday so we can celebrate it with you. The year is optional.')).toBeVisible();
    expect(within(form).queryByRole('button', { name: 'Remove birthday' })).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Month'), 'March');
    await user.selectOptions(within(form).getByLabelText('Day'), '14');
    await save();

    expect(await screen.findByText('Your birthday was saved')).toBeInTheDocument();
    expect(sent.to('PUT', BIRTHDAY)[0].body).toEqual({ birthday: { month: 3, day: 14 } });
  });

  it('sends the year when given', async () => {
    const sent = serve();
    const { user, form, save } = renderCard();
    await user.selectOptions(within(form).getByLabelText('Month'), 'February');
    await user.selectOptions(within(form).getByLabelText('Day'), '29');
    await user.type(within(form).getByLabelText('Year (optional)'), '1992');
    await save();
    await waitFor(() => expect(sent.to('PUT', BIRTHDAY)).toHaveLength(1));
    expect(sent.to('PUT', BIRTHDAY)[0].body).toEqual({ birthday: { month: 2, day: 29, year: 1992 } });
  });

  it('asks for the month and day, refuses a date that does not exist, and sends nothing', async () => {
    const sent = serve();
    const { user, form, save } = renderCard();
    await save();
    expect(within(form).getByLabelText('Month')).toHaveAccessibleDescription('Choose the month of your birthday');
    expect(within(form).getByLabelText('Day')).toHaveAccessibleDescription('Choose the day of your birthday');

    await user.selectOptions(within(form).getByLabelText('Month'), 'April');
    await user.selectOptions(within(form).getByLabelText('Day'), '31');
    await save();
    await waitFor(() => expect(within(form).getByLabelText('Day')).toHaveAccessibleDescription('Enter a real date'));
    expect(within(form).getByLabelText('Month')).not.toHaveAttribute('aria-invalid');
    expect(sent.to('PUT', BIRTHDAY)).toHaveLength(0);
  });

  it('starts at the stored birthday and removes it with Remove birthday', async () => {
    const sent = serve();
    const { user, form } = renderCard({ month: 12, day: 1, year: 1985 });
    expect(within(form).getByLabelText('Month')).toHaveValue('12');
    expect(within(form).getByLabelText('Day')).toHaveValue('1');
    expect(within(form).getByLabelText('Year (optional)')).toHaveValue(1985);
    await user.click(within(form).getByRole('button', { name: 'Remove birthday' }));

    expect(await screen.findByText('Your birthday was removed')).toBeInTheDocument();
    expect(sent.to('PUT', BIRTHDAY)[0].body).toEqual({ birthday: null });
    expect(within(form).getByLabelText('Month')).toHaveValue('');
    expect(within(form).getByLabelText('Year (optional)')).toHaveValue(null);
  });

  it('shows the server’s refusal in the card and under the field it is about', async () => {
    server.use(
      http.put(api(BIRTHDAY), () =>
        HttpResponse.json(
          {
            error: 'Invalid birthday.year: Birth year must be between 1900 and 2100',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'body.birthday.year', message: 'Birth year must be between 1900 and 2100' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { form, save } = renderCard({ month: 5, day: 20, year: 1999 });
    await save();
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid birthday.year: Birth year must be between 1900 and 2100');
    expect(within(form).getByLabelText('Year (optional)')).toHaveAccessibleDescription('Birth year must be between 1900 and 2100');
  });

  it('says to try again when the save fails without a reason', async () => {
    server.use(http.put(api(BIRTHDAY), () => HttpResponse.error()));
    const { form, save } = renderCard({ month: 5, day: 20, year: null });
    await save();
    expect(await within(form).findByRole('alert')).toHaveTextContent(/Failed to save your birthday|Network error/);
  });
});

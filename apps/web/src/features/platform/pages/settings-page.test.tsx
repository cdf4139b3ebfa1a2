import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformSettings } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlatformSettingsPage } from './settings-page';

const SETTINGS = '/platform/settings';

/** Stored settings as GET answers them: the SMTP password is never sent back, `passwordSet` says one is stored. */
const STORED: PlatformSettings = {
  smtp: { host: 'smtp.mail.test', port: 587, username: 'mailer', password: '', passwordSet: true, fromEmail: 'noreply@loyalty.test' },
  security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false, maxLoginAttempts: 10 },
  platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
};

/** The server: GET answers `stored`; PUT answers what it got, as stored (password '' and passwordSet). */
function serve(stored: PlatformSettings = STORED) {
  server.use(
    http.get(api(SETTINGS), () => HttpResponse.json<PlatformSettings>(stored)),
    http.put(api(SETTINGS), async ({ request }) => {
      const body = (await request.json()) as PlatformSettings;
      return HttpResponse.json<PlatformSettings>({ ...body, smtp: { ...body.smtp, password: '', passwordSet: true } });
    }),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<PlatformSettingsPage />, { session: { user: userOf('platform_admin'), tenant: null } });
}

async function openPage(stored?: PlatformSettings) {
  const sent = serve(stored);
  const view = renderPage();
  const form = await screen.findByRole('form', { name: 'Platform settings' });
  const tab = (name: string) => view.user.click(within(form).getByRole('tab', { name }));
  const save = () => view.user.click(within(form).getByRole('button', { name: 'Save Settings' }));
  return { ...view, sent, form, tab, save };
}

describe('Platform settings: loading', () => {
  it('opens on Email Settings with the stored values, the stored password never shown', async () => {
    const { form } = await openPage();
    expect(within(form).getByRole('tab', { name: 'Email Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByText('The mail server the platform sends its e-mails through.')).toBeInTheDocument();
    expect(within(form).getByLabelText('SMTP host')).toHaveValue('smtp.mail.test');
    expect(within(form).getByLabelText('SMTP port')).toHaveValue(587);
    expect(within(form).getByLabelText('SMTP username')).toHaveValue('mailer');
    const password = within(form).getByLabelText('SMTP password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '••••••••');
    expect(password).toHaveAccessibleDescription('A password is stored. Leave empty to keep it.');
    expect(within(form).getByLabelText('From email')).toHaveValue('noreply@loyalty.test');
    expect(within(form).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it('says when no SMTP password is stored', async () => {
    const { form } = await openPage({ ...STORED, smtp: { ...STORED.smtp, passwordSet: false } });
    const password = within(form).getByLabelText('SMTP password');
    expect(password).toHaveAttribute('placeholder', '');
    expect(password).toHaveAccessibleDescription('No password stored.');
  });

  it('shows the Security and Platform sections on their tabs', async () => {
    const { form, tab } = await openPage();
    await tab('Security');
    expect(within(form).getByText('Sessions, passwords and sign-in limits of every account.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Session timeout (hours)')).toHaveValue(24);
    expect(within(form).getByLabelText('Minimum password length')).toHaveValue(8);
    expect(within(form).getByLabelText('Maximum login attempts')).toHaveValue(10);
    expect(within(form).getByRole('checkbox', { name: 'Require two-factor authentication' })).not.toBeChecked();

    await tab('Platform');
    expect(within(form).getByText('How new businesses join and start.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Trial days')).toHaveValue(14);
    expect(within(form).getByRole('checkbox', { name: 'Allow public signups' })).toBeChecked();
    expect(
      within(within(form).getByLabelText('Default plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Starter', 'Professional', 'Enterprise']);
  });

  it('shows the server’s reason when the settings cannot be loaded', async () => {
    server.use(http.get(api(SETTINGS), () => HttpResponse.json({ error: 'Platform admin access required' }, { status: 403 })));
    renderPage();
    expect(await screen.findByText('Failed to load platform settings')).toBeInTheDocument();
    expect(screen.getByText('Platform admin access required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Platform settings: saving', () => {
  it('saves all three sections at once, keeps the stored password when left empty, and says Saved', async () => {
    const { user, sent, form, tab, save } = await openPage();
    const host = within(form).getByLabelText('SMTP host');
    await user.clear(host);
    await user.type(host, 'smtp.new.test');
    expect(within(form).getByText('Unsaved changes')).toBeInTheDocument();
    await tab('Security');
    await user.click(within(form).getByRole('checkbox', { name: 'Require two-factor authentication' }));
    await tab('Platform');
    await user.click(within(form).getByRole('checkbox', { name: 'Allow public signups' }));
    const trial = within(form).getByLabelText('Trial days');
    await user.clear(trial);
    await user.type(trial, '30');
    await save();

    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(screen.getByText('Settings saved')).toBeInTheDocument();
    expect(within(form).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(sent.to('PUT', SETTINGS)[0].body).toEqual({
      smtp: { host: 'smtp.new.test', port: 587, username: 'mailer', password: '', fromEmail: 'noreply@loyalty.test' },
      security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: true, maxLoginAttempts: 10 },
      platform: { defaultPlan: 'starter', trialDays: 30, allowSignups: false },
    });
  });

  it('sends a newly typed SMTP password', async () => {
    const { user, sent, form, save } = await openPage();
    await user.type(within(form).getByLabelText('SMTP password'), 'n3w-secret');
    await save();
    await within(form).findByRole('button', { name: 'Saved' });
    expect(sent.to('PUT', SETTINGS)[0].body).toMatchObject({ smtp: { password: 'n3w-secret' } });
    expect(within(form).getByLabelText('SMTP password')).toHaveValue('');
  });

  it('discards the unsaved changes', async () => {
    const { user, sent, form } = await openPage();
    const username = within(form).getByLabelText('SMTP username');
    await user.type(username, '-2');
    expect(username).toHaveValue('mailer-2');
    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));
    expect(username).toHaveValue('mailer');
    expect(within(form).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(sent.to('PUT', SETTINGS)).toHaveLength(0);
  });

  it('explains a bad e-mail and port on their fields, and sends nothing', async () => {
    const { user, sent, form, save } = await openPage();
    const port = within(form).getByLabelText('SMTP port');
    await user.clear(port);
    await user.type(port, '70000');
    const from = within(form).getByLabelText('From email');
    await user.clear(from);
    await user.type(from, 'not-an-address');
    await save();
    await waitFor(() => expect(port).toHaveAccessibleDescription('Port must be 1–65535'));
    expect(from).toHaveAccessibleDescription('From email is not valid');
    expect(sent.to('PUT', SETTINGS)).toHaveLength(0);
  });

  it('opens the tab of an invalid field in another section', async () => {
    const { user, sent, form, tab, save } = await openPage();
    await tab('Security');
    const minLength = within(form).getByLabelText('Minimum password length');
    await user.clear(minLength);
    await user.type(minLength, '4');
    await tab('Email Settings');
    await save();
    await waitFor(() => expect(within(form).getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(form).getByLabelText('Minimum password length')).toHaveAccessibleDescription(/^Minimum password length must be 6–128/);
    expect(sent.to('PUT', SETTINGS)).toHaveLength(0);
  });

  it('puts the server’s field message on its field, in its tab, and keeps the changes', async () => {
    const { user, form, save } = await openPage();
    server.use(
      http.put(api(SETTINGS), () =>
        HttpResponse.json(
          { error: 'Invalid request', code: 'VALIDATION_ERROR', details: [{ field: 'body.platform.trialDays', message: 'Trial days must be 0–365' }] },
          { status: 400 },
        ),
      ),
    );
    await user.type(within(form).getByLabelText('SMTP username'), 'x');
    await save();
    await waitFor(() => expect(within(form).getByRole('tab', { name: 'Platform' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(form).getByLabelText('Trial days')).toHaveAccessibleDescription(/^Trial days must be 0–365/);
    expect(within(form).getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('shows the fixed text when a save fails without a reason', async () => {
    const { user, form, save } = await openPage();
    server.use(http.put(api(SETTINGS), () => HttpResponse.json({}, { status: 500 })));
    await user.type(within(form).getByLabelText('SMTP username'), 'x');
    await save();
    expect(await within(form).findByText('Failed to save settings. Please try again.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  });
});

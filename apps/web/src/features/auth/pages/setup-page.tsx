import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { fieldIssues } from '@/lib/api';
import { useCompleteSetup, useSetupStatus } from '../api/setup';
import { AccountForm } from '../components/account-form';
import { accountFailure, useNewAccountForm, useStartSession } from '../hooks/use-account-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /setup?token=: a production install has no account with a published password; start-up prints
 * this one-time link (valid one hour), and here the operator creates the first platform admin, who
 * is then signed in and taken to the platform dashboard. An unusable link (used, expired, replaced,
 * or an admin exists) says so.
 */
export function SetupPage() {
  const t = useMessages(authMessages);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus(token);

  let body;
  if (!token || status.data?.valid === false) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">{t('setupLinkInvalid')}</Alert>
        <p className="text-sm text-slate-600">
          {t('setupAlreadyDone')}{' '}
          <Link to={paths.login} className="font-medium text-indigo-700 hover:text-indigo-600">
            {t('signIn')}
          </Link>
        </p>
      </div>
    );
  } else if (status.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t('setupChecking')} />
      </div>
    );
  } else if (status.isError) {
    body = <LoadError title={t('setupCheckFailed')} query={status} fallback={t('tryAgain')} />;
  } else {
    body = <SetupFormSection token={token} />;
  }

  return (
    <AuthLayout title={t('setupTitle')} subtitle={t('setupSubtitle')} wide>
      {body}
    </AuthLayout>
  );
}

/** The set-up form: creates the first platform admin with `token`, signs them in and opens the platform dashboard. */
function SetupFormSection({ token }: { token: string }) {
  const t = useMessages(authMessages);
  const setup = useCompleteSetup();
  const { form, policy } = useNewAccountForm();
  const startSession = useStartSession();

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...fields }) => {
    setup.mutate(
      { token, ...fields },
      {
        onError: (err) => {
          for (const { field, message } of fieldIssues(err)) {
            if (field === 'password' || field === 'email' || field === 'firstName' || field === 'lastName') form.setError(field, { message });
          }
        },
        onSuccess: (session) => startSession(session, paths.platform.dashboard),
      },
    );
  });

  const failure = setup.isError ? accountFailure(setup.error, t('setupFailed')) : null;
  return (
    <AccountForm
      form={form}
      onSubmit={onSubmit}
      failure={failure}
      pending={setup.isPending}
      passwordHint={policy.hint}
      emailPlaceholder={t('setupEmailPlaceholder')}
      submitLabel={t('setupSubmit')}
    />
  );
}

import { homePathFor, paths } from '@/config/paths';
import { fieldIssues } from '@/lib/api';
import { useSignup } from '../api/signup';
import { accountFailure, useNewAccountForm, useStartSession } from './use-account-form';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The /signup form: first and last name, email, password (at least the platform's minimum,
 * `policy.hint` describes it) and its confirmation, validated by `newAccountForm`. Submit posts the
 * signup (without the confirmation); on success the query cache is cleared, the new session stored
 * and the page goes to /t/{slug}/dashboard (else the role's home). A password issue from the server
 * (the operator may have raised the minimum) goes on the password field; `failure` is the server's
 * text, else 'Signup failed'.
 */
export function useSignupForm() {
  const signup = useSignup();
  const { form, policy } = useNewAccountForm();
  const startSession = useStartSession();

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    signup.mutate(body, {
      onError: (err) => {
        // The server's policy check (the operator may have raised the minimum) names the field.
        for (const { field, message } of fieldIssues(err)) if (field === 'password') form.setError('password', { message });
      },
      onSuccess: (session) => startSession(session, session.tenant ? paths.tenant.dashboard(session.tenant.slug) : homePathFor(session.user, session.tenant)),
    });
  });

  const failure = signup.isError ? accountFailure(signup.error, translate(authMessages, 'signupFailed')) : null;
  return { form, onSubmit, pending: signup.isPending, failure, policy };
}

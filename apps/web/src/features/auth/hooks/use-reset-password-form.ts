import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { fieldIssues } from '@/lib/api';
import { useResetPassword } from '../api/reset-password';
import { isResetLinkInvalid, recoveryFailure, resetPasswordForm, type ResetPasswordForm } from '../lib/password-reset';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The /reset-password form for the link's `token`: new password (at least the
 * platform's minimum, GET /api/auth/password-policy; `policy.hint` describes it) and its
 * confirmation. Submit posts POST /api/auth/reset-password `{ token, password }` through
 * {@link useResetPassword}. Returns `{ form, onSubmit, pending, policy, done, linkInvalid, failure }`:
 * - `done`: the server's 200 message (PASSWORD_RESET_DONE) once it answered, else null;
 * - `linkInvalid`: the server refused the token (RESET_LINK_INVALID, or a 400 naming the token);
 * - `failure`: any other failure no field explains (429, the network message, else 'Could not
 *   change the password. Please try again.'). A 400 naming `body.password` (the policy) goes
 *   under the new-password field instead.
 */
export function useResetPasswordForm(token: string) {
  const reset = useResetPassword();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => resetPasswordForm(policy.minLength), [policy.minLength]);
  const form = useForm<z.input<ResetPasswordForm>, unknown, z.output<ResetPasswordForm>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onError: (err) => {
          for (const { field, message } of fieldIssues(err))
            if (field === 'password') form.setError('password', { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  });

  const linkInvalid = reset.isError && isResetLinkInvalid(reset.error);
  const onField = fieldIssues(reset.error).some((i) => i.field === 'password');
  const failure = reset.isError && !linkInvalid && !onField ? recoveryFailure(reset.error, translate(authMessages, 'resetFailed')) : null;
  return { form, onSubmit, pending: reset.isPending, policy, done: reset.data?.message ?? null, linkInvalid, failure };
}

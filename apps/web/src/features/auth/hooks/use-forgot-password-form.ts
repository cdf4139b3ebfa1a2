import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldIssues } from '@/lib/api';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordForm, recoveryFailure, type ForgotPasswordForm } from '../lib/password-reset';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The /forgot-password form: one e-mail field, validated by `forgotPasswordForm`.
 * Submit posts POST /api/auth/forgot-password through {@link useForgotPassword}.
 * Returns `{ form, onSubmit, pending, sent, failure }`:
 * - `sent`: the server's 202 message (always FORGOT_PASSWORD_SENT) once it answered, else null;
 * - `failure`: a failure no field explains (429 'Too many attempts…', the network message,
 *   else 'Could not send the reset link. Please try again.'), else null. A 400 naming
 *   `body.email` goes under the e-mail field instead.
 */
export function useForgotPasswordForm() {
  const request = useForgotPassword();
  const form = useForm<z.input<ForgotPasswordForm>, unknown, z.output<ForgotPasswordForm>>({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onError: (err) => {
        for (const { field, message } of fieldIssues(err)) if (field === 'email') form.setError('email', { type: 'server', message }, { shouldFocus: true });
      },
    });
  });

  const onField = fieldIssues(request.error).some((i) => i.field === 'email');
  const failure = request.isError && !onField ? recoveryFailure(request.error, translate(authMessages, 'forgotFailed')) : null;
  return { form, onSubmit, pending: request.isPending, sent: request.data?.message ?? null, failure };
}

import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { homePathFor } from '@/config/paths';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { fieldIssues } from '@/lib/api';
import { useAcceptInvitation } from '../api/invitation';
import { acceptInvitationMessages, isInvitationLinkInvalid } from '../lib/invitation';
import { recoveryFailure, resetPasswordForm, type ResetPasswordForm } from '../lib/password-reset';
import { useStartSession } from './use-account-form';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The /accept-invitation form for the link's `token`: password (at least the
 * platform's minimum; `policy.hint` describes it) and its confirmation ('Passwords do not
 * match'). Submit posts POST /api/auth/accept-invitation `{ token, password }`; on success the
 * answered session is stored and the page replaced by the role's home, as after a login.
 * Returns `{ form, onSubmit, pending, policy, linkInvalid, failure }`:
 * - `linkInvalid`: the server refused the token (INVITATION_LINK_INVALID, or a 400 naming it);
 * - `failure`: any other failure no field explains (429, the network message, else 'Could not
 *   create your password. Please try again.'). A 400 naming `body.password` (the policy) goes
 *   under the password field instead.
 */
export function useAcceptInvitationForm(token: string) {
  const accept = useAcceptInvitation();
  const startSession = useStartSession();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => resetPasswordForm(policy.minLength, acceptInvitationMessages()), [policy.minLength]);
  const form = useForm<z.input<ResetPasswordForm>, unknown, z.output<ResetPasswordForm>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) => {
    accept.mutate(
      { token, password },
      {
        onSuccess: (session) => startSession(session, homePathFor(session.user, session.tenant)),
        onError: (err) => {
          for (const { field, message } of fieldIssues(err))
            if (field === 'password') form.setError('password', { type: 'server', message }, { shouldFocus: true });
        },
      },
    );
  });

  const linkInvalid = accept.isError && isInvitationLinkInvalid(accept.error);
  const onField = fieldIssues(accept.error).some((i) => i.field === 'password');
  const failure = accept.isError && !linkInvalid && !onField ? recoveryFailure(accept.error, translate(authMessages, 'inviteFailed')) : null;
  return { form, onSubmit, pending: accept.isPending, policy, linkInvalid, failure };
}

import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { homePathFor, paths } from '@/config/paths';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { ApiError, fieldIssues } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useSignup } from '../api/signup';
import { newAccountForm, type NewAccountForm } from '../lib/account-form';

/**
 * The /signup form (spec §5 'Signup'): first and last name, email, password (at least the
 * platform's minimum, `policy.hint` describes it) and its confirmation, validated by
 * `newAccountForm`. Submit posts the signup (without the confirmation); on success the query
 * cache is cleared, the new session stored and the page goes to /t/{slug}/dashboard (else the
 * role's home). A password issue from the server (the operator may have raised the minimum)
 * goes on the password field; `failure` is the server's text, else 'Signup failed'.
 */
export function useSignupForm() {
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signup = useSignup();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newAccountForm(policy.minLength), [policy.minLength]);

  const form = useForm<z.input<NewAccountForm>, unknown, z.output<NewAccountForm>>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    signup.mutate(body, {
      onError: (err) => {
        // The server's policy check (the operator may have raised the minimum) names the field.
        for (const { field, message } of fieldIssues(err)) if (field === 'password') form.setError('password', { message });
      },
      onSuccess: (session) => {
        queryClient.clear();
        setSession(session);
        navigate(session.tenant ? paths.tenant.dashboard(session.tenant.slug) : homePathFor(session.user, session.tenant), { replace: true });
      },
    });
  });

  const failure = signup.isError ? (signup.error instanceof ApiError && signup.error.message) || 'Signup failed' : null;
  return { form, onSubmit, pending: signup.isPending, failure, policy };
}

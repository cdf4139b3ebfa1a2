import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse } from '@loyalty/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { ApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { newAccountForm, type NewAccountForm } from '../lib/account-form';

/**
 * The react-hook-form state of a new account (signup, first platform admin): first and last
 * name, email, password and its confirmation, all empty, validated by `newAccountForm` with the
 * platform's password minimum. `policy.hint` describes the minimum under the password field.
 */
export function useNewAccountForm() {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newAccountForm(policy.minLength), [policy.minLength]);
  const form = useForm<z.input<NewAccountForm>, unknown, z.output<NewAccountForm>>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  return { form, policy };
}

/** The form returned by {@link useNewAccountForm}. */
export type NewAccountFormState = ReturnType<typeof useNewAccountForm>['form'];

/**
 * Signs in with a session the server just created (signup, set-up): clears the query cache of
 * any earlier user, stores the session and replaces the page with `to`.
 */
export function useStartSession() {
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (session: AuthResponse, to: string) => {
    queryClient.clear();
    setSession(session);
    void navigate(to, { replace: true });
  };
}

/** The message of a failed account creation: the server's own text, else `fallback`. */
export function accountFailure(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.message) || fallback;
}

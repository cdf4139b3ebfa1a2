import { SignupRequest } from '@loyalty/contract';
import { z } from 'zod';
import { passwordRule } from '@/hooks/use-password-policy';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The form of a new account with a chosen password (the /setup page's first
 * platform admin): the contract's SignupRequest rules, each field required,
 * the password at least the platform's minimum (`minLength`, never below the
 * contract's 6), plus a confirmation that must match ('Passwords do not match').
 */
export function newAccountForm(minLength: number) {
  return z
    .object({
      firstName: SignupRequest.shape.firstName,
      lastName: SignupRequest.shape.lastName,
      email: z.string().trim().min(1, translate(authMessages, 'emailRequired')).pipe(SignupRequest.shape.email),
      password: passwordRule(minLength).pipe(SignupRequest.shape.password),
      confirmPassword: z.string().min(1, translate(authMessages, 'confirmPasswordRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, { message: translate(authMessages, 'passwordsDoNotMatch'), path: ['confirmPassword'] });
}

/** The zod type of {@link newAccountForm}. */
export type NewAccountForm = ReturnType<typeof newAccountForm>;

import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@loyalty/contract';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/password-input';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { errorMessage, fieldIssues } from '@/lib/api';
import { translate, useMessages } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';
import { profileMessages } from '../messages';

/**
 * The form's rules: the contract's ChangePasswordRequest, the new password at least the
 * platform's minimum `minLength` (the server's message), typed twice, and not the current one.
 */
function changePasswordSchema(minLength: number) {
  return z
    .object({
      currentPassword: ChangePasswordRequest.shape.currentPassword,
      newPassword: passwordRule(minLength, translate(profileMessages, 'newPasswordRequired')).pipe(ChangePasswordRequest.shape.newPassword),
      confirmPassword: z.string().min(1, translate(profileMessages, 'confirmRequired')),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: translate(profileMessages, 'passwordsDoNotMatch') })
    .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: translate(profileMessages, 'sameAsCurrent') });
}
type Values = z.infer<ReturnType<typeof changePasswordSchema>>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * 'Change password': current password, new password (hint 'At least {n}
 * characters' from the platform's policy) and its confirmation. The button shows a spinner
 * while the change runs. Success: toast 'Password changed', the fields empty again. Failure:
 * the server's field messages under their fields ('Current password is incorrect', the policy,
 * the same-password rule); anything else (rate limit, network) in an alert above the fields.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const t = useMessages(profileMessages);
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordSchema(policy.minLength), [policy.minLength]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const generalError = change.isError && fieldIssues(change.error).every((i) => !(SERVER_FIELDS as readonly string[]).includes(i.field));

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(t('passwordChanged'));
          form.reset(EMPTY);
        },
        onError: (err) => {
          const issues = fieldIssues(err).filter((i) => (SERVER_FIELDS as readonly string[]).includes(i.field));
          issues.forEach((issue, index) =>
            form.setError(issue.field as (typeof SERVER_FIELDS)[number], { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
          );
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changePassword')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label={t('changePassword')} onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">{t('otherDevicesSignedOut')}</p>
          {generalError && <Alert tone="error">{errorMessage(change.error, t('passwordChangeFailed'))}</Alert>}
          <PasswordInput
            label={t('currentPassword')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label={t('newPassword')}
            autoComplete="new-password"
            hint={policy.hint}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label={t('confirmNewPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <div className="flex justify-end pt-1">
            <Button type="submit" loading={change.isPending}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              {t('changePassword')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

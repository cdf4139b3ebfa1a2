import { UserPlus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import type { useJoinForm } from '../hooks/use-join-form';
import { RobotCheck } from './robot-check';
import { useMessages } from '@/lib/i18n';
import { joinMessages } from '../messages';

/**
 * The join page's form (docs/product.md 'Online sign-up'): a failure no field explains in a
 * red box, first and last name, e-mail, optional phone, the consent box naming the business
 * (its error under it), the robot check (ADR 0027), and 'Join', spinning while `pending`.
 */
export function JoinForm({
  slug,
  businessName,
  form,
  onSubmit,
  pending,
  failure,
  round,
  onPayload,
}: { slug: string; businessName: string } & Pick<ReturnType<typeof useJoinForm>, 'form' | 'onSubmit' | 'pending' | 'failure' | 'round' | 'onPayload'>) {
  const t = useMessages(joinMessages);
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('formLabel')} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('firstNameLabel')} autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label={t('lastNameLabel')} autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input
        label={t('emailLabel')}
        type="email"
        autoComplete="email"
        placeholder={t('emailPlaceholder')}
        hint={t('emailHint')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Input label={t('phoneLabel')} type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <div>
        <Checkbox
          wrapperClassName="items-start"
          className="mt-0.5"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'join-consent-error' : undefined}
          label={t('consentLabel', { businessName })}
          {...form.register('consent')}
        />
        {errors.consent?.message && (
          <p id="join-consent-error" role="alert" className="mt-1 pl-6 text-sm text-red-600">
            {errors.consent.message}
          </p>
        )}
      </div>
      <RobotCheck slug={slug} round={round} onPayload={onPayload} error={errors.altcha?.message} />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {!pending && <UserPlus aria-hidden="true" className="h-4 w-4" />}
        {t('submit')}
      </Button>
    </form>
  );
}

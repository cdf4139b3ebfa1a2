import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { RichMessage, useMessages } from '@/lib/i18n';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';

/** The owner fields of the create-tenant form, as react-hook-form registrations, with their messages. */
export interface OwnerFields {
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
}

/**
 * 'Owner account' of the Create New Tenant dialog (owner e-mail and password required, owner names
 * optional). `passwordHint`: the platform's password policy (e.g. 'At least 8 characters'), or ''
 * for none. The password can be shown to be copied.
 */
export function OwnerAccountFields({
  fields,
  errors,
  passwordHint,
}: {
  fields: OwnerFields;
  errors: Partial<Record<keyof OwnerFields, string>>;
  passwordHint: string;
}) {
  const t = useMessages(tenantDialogsMessages);
  const [showPassword, setShowPassword] = useState(false);
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="float-left mb-3 w-full text-sm font-semibold text-slate-700">
        <RichMessage catalog={tenantDialogsMessages} id="ownerLegend" components={{ note: <span className="font-normal text-slate-500" /> }} />
      </legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <Input label={t('ownerFirstName')} autoComplete="off" error={errors.firstName} {...fields.firstName} />
        <Input label={t('ownerLastName')} autoComplete="off" error={errors.lastName} {...fields.lastName} />
      </div>
      <Input
        label={t('ownerEmail')}
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        placeholder={t('ownerEmailPlaceholder')}
        error={errors.email}
        {...fields.email}
      />
      <Input
        label={t('ownerPassword')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        required
        hint={passwordHint ? t('ownerPasswordHintWithPolicy', { policy: passwordHint }) : t('ownerPasswordHint')}
        error={errors.password}
        {...fields.password}
        trailing={
          <button
            type="button"
            onClick={() => setShowPassword((s) => !s)}
            aria-label={showPassword ? t('hidePassword') : t('showPassword')}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            {showPassword ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
          </button>
        }
      />
    </fieldset>
  );
}

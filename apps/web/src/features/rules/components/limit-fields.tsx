import type { ReactNode } from 'react';
import { VelocityLimitAction, type LimitSettings } from '@loyalty/contract';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { ToggleField } from '@/components/ui/toggle-field';
import { useMessages } from '@/lib/i18n';
import type { LimitsFormInput } from '../lib/limits';
import { limitsMessages } from '../messages-limits';

/** The Limits form, as its sections and fields take it. */
export type LimitsFormApi = UseFormReturn<LimitsFormInput, unknown, LimitSettings>;

/** One of the four limits of the form. */
type LimitName = keyof LimitsFormInput;

/** The label of each action, as the catalog's keys. */
const ACTION_LABEL = { REFUSE: 'actionRefuse', FLAG: 'actionFlag' } as const satisfies Record<VelocityLimitAction, string>;

/**
 * One velocity limit of the form (docs/product.md 'Velocity limits') in its own framed group
 * named by its title ('Earns per card'): its on/off checkbox with the line saying what it counts,
 * then its value (`children`: the count or the amount) and what happens when a movement would
 * cross it ('Refuse the movement' or 'Accept and flag for review').
 */
export function LimitSection({ form, limit, children }: { form: LimitsFormApi; limit: LimitName; children: ReactNode }) {
  const t = useMessages(limitsMessages);
  const name = `${limit}.enabled` as const;
  const [enabled, action] = useWatch({ control: form.control, name: [name, `${limit}.action`] });
  const { error } = form.getFieldState(`${limit}.action`, form.formState);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t(`${limit}Title`)}</legend>
      <ToggleField
        label={t(`${limit}Toggle`)}
        name={name}
        checked={enabled}
        onChange={(on) => form.setValue(name, on, { shouldDirty: true })}
        note={t(`${limit}Note`)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {children}
        <Select label={t('action')} error={error?.message} value={action} {...form.register(`${limit}.action`)}>
          {VelocityLimitAction.options.map((option) => (
            <option key={option} value={option}>
              {t(ACTION_LABEL[option])}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  );
}

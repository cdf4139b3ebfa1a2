import type { BirthdayView } from '@loyalty/contract';
import { Save, Trash2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NumberInput } from '@/components/ui/number-input';
import { Select } from '@/components/ui/select';
import { useMessages } from '@/lib/i18n';
import { useBirthdayForm } from '../hooks/use-birthday-form';
import { DAYS, MONTH_KEYS, YEAR_RANGE } from '../lib/birthday';
import { customerMessages } from '../messages';

/**
 * 'Birthday' on the customer's own page (docs/product.md 'Rewards'): the month and day (native
 * selects) and the year (optional), starting at the stored birthday; 'Save birthday' sends it
 * (PUT /me/birthday), 'Remove birthday' (while one is stored) sends null. Success is toasted; a
 * refusal shows under its field and in the card.
 */
export function BirthdayCard({ slug, birthday }: { slug: string; birthday: BirthdayView | null }) {
  const t = useMessages(customerMessages);
  const { form, onSubmit, remove, pending, removing, error } = useBirthdayForm(slug, birthday);
  const { errors } = form.formState;
  const [month, day] = useWatch({ control: form.control, name: ['month', 'day'] });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('birthdayTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label={t('birthdayFormLabel')} onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">{t('birthdayText')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Select label={t('birthdayMonth')} autoComplete="bday-month" error={errors.month?.message} value={month} {...form.register('month')}>
              <option value="">{t('birthdayChooseMonth')}</option>
              {MONTH_KEYS.map((key, i) => (
                <option key={key} value={String(i + 1)}>
                  {t(key)}
                </option>
              ))}
            </Select>
            <Select label={t('birthdayDay')} autoComplete="bday-day" error={errors.day?.message} value={day} {...form.register('day')}>
              <option value="">{t('birthdayChooseDay')}</option>
              {DAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {day}
                </option>
              ))}
            </Select>
            <NumberInput
              label={t('birthdayYear')}
              autoComplete="bday-year"
              min={YEAR_RANGE.min}
              max={YEAR_RANGE.max}
              step={1}
              error={errors.year?.message}
              {...form.register('year')}
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            {birthday && (
              <Button variant="outline" onClick={remove} loading={removing} disabled={pending}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('birthdayRemove')}
              </Button>
            )}
            <Button type="submit" loading={pending && !removing} disabled={pending}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {t('birthdaySave')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

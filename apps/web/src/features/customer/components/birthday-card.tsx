import type { BirthdayView } from '@loyalty/contract';
import { Save, Trash2 } from 'lucide-react';
import { BirthdayInputs } from '@/components/birthday-inputs';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMessages } from '@/lib/i18n';
import { useBirthdayForm } from '../hooks/use-birthday-form';
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('birthdayTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label={t('birthdayFormLabel')} onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">{t('birthdayText')}</p>
          <BirthdayInputs form={form} noMonth={t('birthdayChooseMonth')} noDay={t('birthdayChooseDay')} own />
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

import type { FormEventHandler, ReactNode } from 'react';
import { Save } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** The header of a rules form card: its title, a line saying what it sets, and 'Unsaved changes' while `dirty`. */
export function RulesFormHeader({ title, description, dirty }: { title: string; description: ReactNode; dirty: boolean }) {
  const t = useMessages(rulesMessages);
  return (
    <CardHeader className="flex-wrap">
      <div className="min-w-0">
        <CardTitle>{title}</CardTitle>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      {dirty && <Badge color="yellow">{t('unsavedChanges')}</Badge>}
    </CardHeader>
  );
}

/**
 * The bottom bar of a rules form card: 'Discard changes' while `dirty` (calls `onDiscard`) and
 * the submit button (`saveLabel`, e.g. 'Save Cashback Rules', spinning while `pending`).
 */
export function RulesFormActions({ dirty, pending, onDiscard, saveLabel }: { dirty: boolean; pending: boolean; onDiscard: () => void; saveLabel: string }) {
  const t = useMessages(rulesMessages);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-5 py-3">
      {dirty && (
        <Button variant="ghost" onClick={onDiscard} disabled={pending}>
          {t('discardChanges')}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        <Save aria-hidden="true" className="h-4 w-4" />
        {saveLabel}
      </Button>
    </div>
  );
}

/** Props of {@link RulesFormCard}. */
export interface RulesFormCardProps {
  /** The form's accessible name, e.g. 'Cashback rules'. */
  label: string;
  title: string;
  description: ReactNode;
  dirty: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Resets the form to what is stored ('Discard changes'). */
  onDiscard: () => void;
  saveLabel: string;
  /** Classes of the body (default: padded, fields spaced). */
  contentClassName?: string;
  children: ReactNode;
}

/**
 * A rules form saved as one whole, in a card: the header ({@link RulesFormHeader}), the fields
 * (`children`) and the bottom bar ({@link RulesFormActions}).
 */
export function RulesFormCard({
  label,
  title,
  description,
  dirty,
  pending,
  onSubmit,
  onDiscard,
  saveLabel,
  contentClassName = 'space-y-4',
  children,
}: RulesFormCardProps) {
  return (
    <Card>
      <form noValidate aria-label={label} onSubmit={onSubmit}>
        <RulesFormHeader title={title} description={description} dirty={dirty} />
        <CardContent className={contentClassName}>{children}</CardContent>
        <RulesFormActions dirty={dirty} pending={pending} onDiscard={onDiscard} saveLabel={saveLabel} />
      </form>
    </Card>
  );
}

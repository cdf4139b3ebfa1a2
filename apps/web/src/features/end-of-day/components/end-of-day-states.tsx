import { CalendarX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TableSkeleton } from '@/components/ui/table';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';

/** Nothing moved on the day (at the store asked for): 'No movements on this day.' */
export function EndOfDayEmpty() {
  const t = useMessages(endOfDayMessages);
  return <EmptyState icon={<CalendarX aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />;
}

/** Placeholder rows while the day's first answer loads. */
export function EndOfDayLoading() {
  const t = useMessages(endOfDayMessages);
  return (
    <Card>
      <TableSkeleton label={t('loading')} />
    </Card>
  );
}

/**
 * The server refused another store than the cashier's own (403): says so, without Try again (the
 * answer would not change), and offers the own store instead.
 */
export function OwnStoreOnly({ onShowOwn }: { onShowOwn: () => void }) {
  const t = useMessages(endOfDayMessages);
  return (
    <Alert tone="error" title={t('forbidden')}>
      <Button variant="outline" size="sm" className="mt-3" onClick={onShowOwn}>
        {t('forbiddenShowOwn')}
      </Button>
    </Alert>
  );
}

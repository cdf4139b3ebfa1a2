import type { CardTypePricing, PriceTier } from '@loyalty/contract';
import { Check, CreditCard } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, type Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { tierIndex, tierRange } from '../lib/labels';
import { cardOrdersMessages } from '../messages';

/** Props of {@link CardTypePicker}. */
interface CardTypePickerProps {
  /** The served card kinds with their volume tiers (unit prices in cents). */
  cardTypes: readonly CardTypePricing[];
  /** The card type now chosen. */
  selectedType: string;
  /** The typed quantity (the tier that prices it is highlighted). */
  quantity: number;
  /** The price list's upper quantity bound (the last tier's range ends there). */
  maxQuantity: number;
  /** The react-hook-form registration of the `cardType` radio. */
  registration: UseFormRegisterReturn;
}

/**
 * Step '1. Card type' of the order form (docs/product.md 'Card orders'): the card kinds as radio
 * cards (`data-testid="card-type-{TYPE}"`), each with its volume-price table.
 */
export function CardTypePicker({ cardTypes, selectedType, quantity, maxQuantity, registration }: CardTypePickerProps) {
  const t = useMessages(cardOrdersMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stepCardType')}</CardTitle>
        <span className="text-xs text-slate-500">{t('pricesNote')}</span>
      </CardHeader>
      <CardContent>
        <fieldset>
          <legend className="sr-only">{t('cardType')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {cardTypes.map((kind) => (
              <CardTypeOption
                key={kind.type}
                kind={kind}
                selected={kind.type === selectedType}
                quantity={quantity}
                maxQuantity={maxQuantity}
                registration={registration}
              />
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** One card kind as a radio card: name, check mark, description and its tier table (the active tier marked when selected). */
function CardTypeOption({
  kind,
  selected,
  quantity,
  maxQuantity,
  registration,
}: Omit<CardTypePickerProps, 'cardTypes' | 'selectedType'> & { kind: CardTypePricing; selected: boolean }) {
  return (
    <label
      data-testid={`card-type-${kind.type}`}
      className={cn(
        'relative flex cursor-pointer flex-col rounded-xl border p-4 transition-colors focus-within:ring-2 focus-within:ring-indigo-500/40',
        selected ? 'border-indigo-500 bg-indigo-50/60' : 'border-slate-200 hover:border-slate-300',
      )}
    >
      <input type="radio" value={kind.type} className="sr-only" {...registration} />
      <span className="flex items-start justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          <CreditCard aria-hidden="true" className="h-4 w-4 text-indigo-600" />
          {kind.name}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border',
            selected ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white',
          )}
        >
          {selected && <Check className="h-3 w-3" />}
        </span>
      </span>
      <span className="mt-1 text-sm text-slate-600">{kind.description}</span>
      <div className="mt-3">
        <TierTable kind={kind} active={selected ? tierIndex(kind.tiers, quantity) : -1} maxQuantity={maxQuantity} />
      </div>
    </label>
  );
}

/** A tier with its index in the kind's tier list. */
type TierRow = PriceTier & { index: number };

/** The volume prices of one card kind ('{name} volume prices'): quantity range and price per card; tier `active` highlighted. */
function TierTable({ kind, active, maxQuantity }: { kind: CardTypePricing; active: number; maxQuantity: number }) {
  const t = useMessages(cardOrdersMessages);
  const columns: Column<TierRow>[] = [
    { id: 'cards', header: t('tierCards'), cell: (tier) => tierRange(kind.tiers, tier.index, maxQuantity), className: 'tabular-nums' },
    { id: 'price', header: t('tierPerCard'), align: 'right', cell: (tier) => formatCents(tier.unitPriceCents), className: 'tabular-nums' },
  ];
  return (
    <Table
      caption={t('volumePrices', { name: kind.name })}
      columns={columns}
      rows={kind.tiers.map((tier, index) => ({ ...tier, index }))}
      rowKey={(tier) => String(tier.minQuantity)}
      rowProps={(tier) => ({
        className: cn('text-sm', tier.index === active && 'font-semibold text-indigo-700'),
        'data-active': tier.index === active ? 'true' : undefined,
      })}
      cellClassName="px-2 py-1"
    />
  );
}

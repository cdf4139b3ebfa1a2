import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api';
import { useAddPaymentMethod } from '../api/billing';

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;

/**
 * The Demo provider's card-entry dialog (spec §2 'Subscribe modal' → 'Add New Card'; decisions.md
 * 'Payments'): brand, last 4 digits, expiry month/year; buttons Cancel and Add Card. No card
 * number leaves the browser. Calls `onAdded` after 'Payment method added successfully!'.
 */
export function CardFormDialog({ slug, open, onClose, onAdded }: { slug: string; open: boolean; onClose: () => void; onAdded: (message: string) => void }) {
  const add = useAddPaymentMethod(slug);
  const now = new Date();
  const [brand, setBrand] = useState<string>('visa');
  const [last4, setLast4] = useState('4242');
  const [month, setMonth] = useState(String(now.getUTCMonth() + 1));
  const [year, setYear] = useState(String(now.getUTCFullYear() + 2));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!/^\d{4}$/.test(last4)) return setError('Last 4 digits must be 4 digits');
    add.mutate(
      { brand, last4, exp_month: Number(month), exp_year: Number(year) },
      {
        onSuccess: () => {
          onAdded('Payment method added successfully!');
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Failed to add payment method. Please try again.')),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!add.isPending}
      title="Add New Card"
      description="Demo mode: enter any card details; no payment is processed."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="demo-card-form" loading={add.isPending}>
            Add Card
          </Button>
        </>
      }
    >
      <form id="demo-card-form" onSubmit={submit} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Select label="Card brand" value={brand} onChange={(e) => setBrand(e.target.value)}>
          {BRANDS.map((b) => (
            <option key={b} value={b}>
              {b.toUpperCase()}
            </option>
          ))}
        </Select>
        <Input label="Last 4 digits" inputMode="numeric" maxLength={4} value={last4} onChange={(e) => setLast4(e.target.value.replace(/\D/g, ''))} required />
        <div className="grid grid-cols-2 gap-3">
          <Input label="Expiry month" type="number" min={1} max={12} value={month} onChange={(e) => setMonth(e.target.value)} required />
          <Input label="Expiry year" type="number" min={now.getUTCFullYear()} max={2100} value={year} onChange={(e) => setYear(e.target.value)} required />
        </div>
      </form>
    </Dialog>
  );
}

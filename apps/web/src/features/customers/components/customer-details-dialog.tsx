import { useState } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useCustomer } from '../api/get-customer';
import { fullName } from '../lib/labels';
import { AddFundsDialog, type AddFundsTarget } from './add-funds-dialog';
import { CustomerDataSection } from './customer-data-section';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';
import { CustomerCardList, CustomerContact, CustomerSummary, DetailsSection } from './customer-details-parts';

/**
 * 'Customer Details' modal: initials avatar, name, tier, member since, total spend, active cards,
 * contact (e-mail, phone) and the loyalty cards with balance, status and store. The list row shows
 * at once; the cards come from GET /customers/{id} (spinner while loading, an error with 'Try
 * again' if it fails). Each ACTIVE card has an 'Add Funds' button opening the 'Add Funds to Card'
 * modal (payment through the checkout, ADR 0008). 'Personal data' offers the customer's data export
 * and their erasure (`onErase`, docs/security.md).
 */
export function CustomerDetailsDialog({
  slug,
  customer,
  onClose,
  onEdit,
  onErase,
}: {
  slug: string;
  customer: CustomerListItem | null;
  onClose: () => void;
  onEdit: (customer: CustomerListItem) => void;
  onErase: (customer: CustomerListItem) => void;
}) {
  const t = useMessages(customersMessages);
  const detail = useCustomer(slug, customer?.id ?? null);
  // The freshest facts: the detail answer once it is here, else the row that opened the modal.
  const c = detail.data && detail.data.id === customer?.id ? detail.data : customer;
  const [funding, setFunding] = useState<AddFundsTarget | null>(null);
  return (
    <>
      <Dialog
        open={customer !== null}
        onClose={onClose}
        size="lg"
        title={t('detailsTitle')}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {t('detailsClose')}
            </Button>
            {c && (
              <Button onClick={() => onEdit(c)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('detailsEdit')}
              </Button>
            )}
          </>
        }
      >
        {c && (
          <div className="space-y-6">
            <CustomerSummary c={c} />
            <DetailsSection title={t('detailsContact')}>
              <CustomerContact c={c} />
            </DetailsSection>
            <DetailsSection title={t('detailsCards')}>
              <CustomerCardList detail={detail} onAddFunds={(card) => setFunding({ customerId: c.id, customerName: fullName(c), card })} />
            </DetailsSection>
            <CustomerDataSection slug={slug} customer={c} onErase={onErase} />
          </div>
        )}
      </Dialog>
      <AddFundsDialog slug={slug} target={funding} onClose={() => setFunding(null)} />
    </>
  );
}

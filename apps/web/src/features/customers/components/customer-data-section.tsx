import type { CustomerListItem } from '@loyalty/contract';
import { Download, UserX } from 'lucide-react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { useExportCustomerData } from '../api/customer-data';
import { DetailsSection } from './customer-details-parts';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/**
 * The 'Personal data' section of the Customer Details (docs/security.md 'Personal data'):
 * 'Export data' downloads the customer's zip (toast on failure), 'Erase customer' opens the
 * typed-name confirmation (`onErase`). An erased customer ('Erased customer', no e-mail) has
 * nothing left to erase: the button is not offered.
 */
export function CustomerDataSection({ slug, customer, onErase }: { slug: string; customer: CustomerListItem; onErase: (c: CustomerListItem) => void }) {
  const t = useMessages(customersMessages);
  const exporter = useExportCustomerData(slug);
  const erased = customer.firstName === 'Erased' && customer.lastName === 'customer' && !customer.email && !customer.phone;
  const download = () => exporter.mutate(customer.id, { onError: () => toast.error(t('dataExportFailed')) });
  return (
    <DetailsSection title={t('dataTitle')}>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download} loading={exporter.isPending}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('dataExport')}
        </Button>
        {!erased && (
          <Button variant="danger" onClick={() => onErase(customer)}>
            <UserX aria-hidden="true" className="h-4 w-4" />
            {t('eraseTitle')}
          </Button>
        )}
      </div>
    </DetailsSection>
  );
}

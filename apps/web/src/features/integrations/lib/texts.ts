import type { ApiKeyScope, WebhookEventType } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { integrationsMessages, type IntegrationsT } from '../messages';

/** One choice of a checkbox group: the contract's code and what it means, in one line. */
export interface CodeOption<V extends string> {
  value: V;
  description: string;
}

/** What each API key scope allows (docs/product.md 'API keys and webhooks'), in the form's order. */
export function scopeOptions(t: IntegrationsT): readonly CodeOption<ApiKeyScope>[] {
  return [
    { value: 'pos:write', description: t('scopePosWrite') },
    { value: 'customers:write', description: t('scopeCustomersWrite') },
    { value: 'read', description: t('scopeRead') },
  ];
}

/** What each webhook event reports (docs/product.md 'API keys and webhooks'), in the form's order. */
export function eventOptions(t: IntegrationsT): readonly CodeOption<WebhookEventType>[] {
  return [
    { value: 'transaction.created', description: t('eventTransactionCreated') },
    { value: 'card.activated', description: t('eventCardActivated') },
    { value: 'card.blocked', description: t('eventCardBlocked') },
    { value: 'customer.created', description: t('eventCustomerCreated') },
    { value: 'customer.erased', description: t('eventCustomerErased') },
    { value: 'cashback.expiring', description: t('eventCashbackExpiring') },
    { value: 'cashback.expired', description: t('eventCashbackExpired') },
    { value: 'risk.flagged', description: t('eventRiskFlagged') },
  ];
}

/** Where the `/api/v1` reference (OpenAPI) is served. */
export const API_DOCS_URL = '/api/v1/docs';

/** The API keys tab's toast and warning texts from the catalog, read in the current language when used. */
export const API_KEY_TEXTS = {
  get keyWarning() {
    return translate(integrationsMessages, 'keyWarning');
  },
  get revoked() {
    return translate(integrationsMessages, 'keyRevokedToast');
  },
};

/** The Webhooks tab's toast texts from the catalog, read in the current language when used. */
export const WEBHOOK_TEXTS = {
  get updated() {
    return translate(integrationsMessages, 'endpointUpdated');
  },
  get deleted() {
    return translate(integrationsMessages, 'endpointDeleted');
  },
  get testSent() {
    return translate(integrationsMessages, 'testSent');
  },
  get resent() {
    return translate(integrationsMessages, 'resent');
  },
};

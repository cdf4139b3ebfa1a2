/**
 * The customers module's public face: the only file of `modules/customers/` that other modules
 * and the app import. The module owns the `customers` table: a tenant's loyalty customers, their
 * CRUD, the unsubscribe link, and the set-based re-tier when the tier rules change (ADR 0007).
 * It also hands other modules the holder of a card (lock, create, contact), the read model
 * they join (display columns and full name; ADR 0012, ADR 0036), counts as numbers and the customers row
 * for the data export and the erasure (ADR 0026). A purchase's spend and tier are written by the
 * ledger itself (ledger/holdings.ts, ADR 0028).
 */
export { birthdayCustomers, setCustomerBirthday } from './birthday.ts';
export { customerByEmail, customerEmailInUse, insertCardHolder, lockCustomer } from './card-holders.ts';
export { customerContact, findCustomerId, unsubscribeToken } from './contacts.ts';
export { createCustomer } from './create-customer.ts';
export { countCustomersCreated, customerCountsByTenant, customerGrowth } from './customer-counts.ts';
export { anonymiseCustomer, customerNames, customerRecord, lockCustomerRecord } from './customer-records.ts';
export { customersCsv } from './export-customers.ts';
export { getCustomerDetail } from './get-customer.ts';
export { listCustomersAfter } from './list-customers.ts';
export { customerSummaries } from './projections.ts';
export { retierCustomers } from './recalculate-tiers.ts';
export { recordReferrer, REFERRAL_TEXT, referralRefusal, referredCustomersByMonth, referrerByCode, referrerOfCode, referrerOrRefuse } from './referrals.ts';
export { customerRoutes } from './routes.ts';
export { CUSTOMER_NOT_FOUND } from './texts.ts';
export { unsubscribeRoutes } from './unsubscribe-routes.ts';

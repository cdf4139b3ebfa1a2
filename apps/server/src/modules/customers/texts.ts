/** The customers module's error texts, shared by its use cases and its routes. */

/** 404 text for an unknown customer, another tenant's customer or a malformed id. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** 409 text for a duplicate customer e-mail within the tenant (decisions.md 'Accounts'). */
export const DUPLICATE_CUSTOMER_EMAIL = 'A customer with this email already exists';

/** 409 text of DELETE /customers/{id} while cards are assigned (spec §2 'Delete Customer' warning). */
export const CUSTOMER_HAS_CARDS = 'This customer has assigned cards. Unassign their cards before deleting the customer.';

/** 409 text of DELETE /customers/{id} when ledger rows name the customer (decisions.md: the ledger is append-only). */
export const CUSTOMER_HAS_TRANSACTIONS = 'This customer has transactions in the ledger and cannot be deleted.';

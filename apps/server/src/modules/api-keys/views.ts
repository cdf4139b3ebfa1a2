import type { DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';

/**
 * API key names as a subquery `(tenant_id, id, name)` for another module's display join (who
 * made a change through /api/v1, in the Activity list). Revoked keys are included: their past
 * changes still name them.
 */
export function apiKeyNames(db: DbOrTx) {
  return db.select({ tenantId: apiKeys.tenantId, id: apiKeys.id, name: apiKeys.name }).from(apiKeys).as('api_key_names');
}

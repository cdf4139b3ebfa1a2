import type { Database } from '../../db/client.ts';
import { announceLedgerRows } from './announce.ts';
import { expireDueLots, type ExpiryRunResult } from './lots.ts';

/** The hourly expiry run (ADR 0015, lots.ts `expireDueLots`) with the webhook events of the EXPIRE rows it writes (ADR 0020). */
export function expireCashback(db: Database, now: Date): Promise<ExpiryRunResult> {
  return expireDueLots(db, now, 1000, announceLedgerRows);
}

import type { CardResponse } from '@loyalty/contract';

/** Props shared by the POS transaction panel and its Earn and Redeem forms. */
export interface PosFormProps {
  /** Tenant slug of the current route. */
  slug: string;
  /** The loaded card (balance in cents). */
  card: CardResponse;
  /** The signed-in user's store, sent with every movement; null for all-stores admins. */
  storeId: string | null;
  /** False shows the subscription message and disables the buttons. */
  canTransact: boolean;
  /** Called after a successful movement with a one-line summary for the card panel. */
  onDone: (message: string) => void;
}

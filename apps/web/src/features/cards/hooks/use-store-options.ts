import { useAuthStore } from '@/lib/auth-store';
import { isApiError } from '@/lib/api';
import { useStores } from '@/api/get-stores';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** A store as the card forms need it. */
export interface StoreOption {
  id: string;
  name: string;
  address?: string | null;
  active?: boolean;
}

/**
 * The stores the card forms may offer: GET /stores; when the server refuses the list to this
 * role (403, e.g. a cashier), the signed-in user's own store from the session instead.
 * `defaultStoreId`: the user's store, else the only store, else ''.
 */
export function useStoreOptions(slug: string) {
  const user = useAuthStore((s) => s.user);
  const query = useStores(slug);
  const own: StoreOption[] = user?.storeId ? [{ id: user.storeId, name: user.storeName ?? translate(cardsMessages, 'myStore') }] : [];
  const forbidden = isApiError(query.error, 403);
  const stores: StoreOption[] = query.data ? query.data.stores : forbidden ? own : [];
  const active = stores.filter((s) => s.active !== false);
  const defaultStoreId = user?.storeId && stores.some((s) => s.id === user.storeId) ? user.storeId : active.length === 1 ? active[0].id : '';
  return {
    stores,
    /** Stores that can take cards (inactive ones are listed but not offered). */
    activeStores: active,
    defaultStoreId,
    isPending: query.isPending && !forbidden,
    error: forbidden ? null : query.error,
  };
}

import { useRef, useState } from 'react';
import { canTransact as canTransactRule } from '@loyalty/domain';
import { useTenant } from '@/api/get-tenant';
import { useAuthStore } from '@/lib/auth-store';
import { openPosCard, rememberPosCard } from '@/lib/offline/card-cache';
import { useCard } from '../api/get-card';

/**
 * State of the POS terminal: the UID typed, the card being served (GET by UID), the last
 * transaction's result line, and the camera scanner's remount key. `canTransact` is the tenant's
 * answer; until it arrives the domain rule is applied to the session's copy of the status (a
 * PAST_DUE tenant stays greyed until its grace date is known). `load(uid)` loads (or reloads) a
 * card; `reset()` is 'New Transaction': clears the card, stops the camera and focuses the UID
 * input. `loaded` is the card once it is here, else null; `fromCache` says it is the till's
 * offline copy (docs/product.md 'Offline till'). The open card survives a reload of the page (the
 * tab's sessionStorage), so a till reloaded offline still serves its customer.
 */
export function usePosSession(slug: string) {
  const sessionTenant = useAuthStore((s) => s.tenant);
  const tenant = useTenant(slug);
  const [cardUid, setCardUid] = useState<string | null>(() => openPosCard(slug));
  const [input, setInput] = useState(cardUid ?? '');
  const [lastResult, setLastResult] = useState<string | null>(null);
  /** Remount key of the camera scanner: 'New Transaction' stops and clears the camera. */
  const [scannerSession, setScannerSession] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const card = useCard(slug, cardUid);

  const canTransact = tenant.data
    ? tenant.data.canTransact
    : sessionTenant && sessionTenant.slug === slug
      ? canTransactRule({ subscriptionStatus: sessionTenant.subscriptionStatus, graceEndsAt: null }, new Date())
      : true;

  function load(uid: string) {
    setInput(uid);
    setLastResult(null);
    rememberPosCard(slug, uid);
    if (uid === cardUid) void card.refetch();
    else setCardUid(uid);
  }

  function reset() {
    setCardUid(null);
    rememberPosCard(slug, null);
    setInput('');
    setLastResult(null);
    setScannerSession((n) => n + 1);
    inputRef.current?.focus();
  }

  const loaded = card.data && cardUid ? card.data.card : null;
  const fromCache = Boolean(loaded && card.data?.cachedAt !== null);
  return { input, setInput, cardUid, card, loaded, fromCache, lastResult, setLastResult, scannerSession, inputRef, canTransact, load, reset };
}

import { AuthResponse, SessionTenant, SessionUser } from '@loyalty/contract';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** localStorage key of the persisted auth state. */
export const AUTH_STORAGE_KEY = 'loyalty-auth';

/** Client auth state: who is signed in, and their tenant. */
export interface AuthState {
  /** The signed-in user, null when signed out. */
  user: SessionUser | null;
  /** The user's tenant; null for platform_admin and when signed out. */
  tenant: SessionTenant | null;
  /** True once login, signup or /auth/me confirmed a session. */
  isAuthenticated: boolean;
  /** The account signs in with a second factor (TOTP; docs/security.md). */
  twoFactorEnabled: boolean;
  /** The operator requires two-factor and this session must set it up before anything else. */
  twoFactorSetupRequired: boolean;
  /**
   * Stores the answer of login, signup or /auth/me and marks the session authenticated. The
   * two-factor flags default to false when absent (an answer of an older server).
   */
  setSession: (session: Pick<AuthResponse, 'user' | 'tenant'> & Partial<Pick<AuthResponse, 'twoFactorEnabled' | 'twoFactorSetupRequired'>>) => void;
  /** Two-factor was turned on (which also ends a required set-up) or off. */
  setTwoFactorEnabled: (enabled: boolean) => void;
  /** Forgets the session (logout, 401). */
  clear: () => void;
}

const PersistedAuth = z.object({
  state: z.object({
    user: SessionUser.nullable(),
    tenant: SessionTenant.nullable(),
    isAuthenticated: z.boolean(),
    twoFactorEnabled: z.boolean().optional(),
    twoFactorSetupRequired: z.boolean().optional(),
  }),
  version: z.number().optional(),
});

/**
 * localStorage wrapper that discards a corrupt persisted state: unparsable
 * JSON or a shape that no longer matches the contract is logged with console.warn and removed.
 */
const safeLocalStorage: StateStorage = {
  getItem(name) {
    let raw: string | null;
    try {
      raw = localStorage.getItem(name);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const parsed = PersistedAuth.safeParse(JSON.parse(raw));
      if (parsed.success) return raw;
      console.warn(`Discarding corrupt auth state in localStorage '${name}'`, parsed.error.issues);
    } catch (error) {
      console.warn(`Discarding corrupt auth state in localStorage '${name}'`, error);
    }
    try {
      localStorage.removeItem(name);
    } catch {
      /* storage unavailable: nothing to remove */
    }
    return null;
  },
  setItem(name, value) {
    try {
      localStorage.setItem(name, value);
    } catch {
      /* storage full or disabled: the session still lives in the cookie */
    }
  },
  removeItem(name) {
    try {
      localStorage.removeItem(name);
    } catch {
      /* ignore */
    }
  },
};

/**
 * The auth store (zustand + persist under 'loyalty-auth'). The cookie is the real session;
 * this store is the browser's copy so the UI can route by role without waiting. It is
 * re-validated at start-up against GET /api/auth/me (see app/auth-initializer.tsx).
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      tenant: null,
      isAuthenticated: false,
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
      setSession: ({ user, tenant, twoFactorEnabled, twoFactorSetupRequired }) =>
        set({
          user,
          tenant: tenant ?? null,
          isAuthenticated: true,
          twoFactorEnabled: twoFactorEnabled ?? false,
          twoFactorSetupRequired: twoFactorSetupRequired ?? false,
        }),
      setTwoFactorEnabled: (enabled) => set(enabled ? { twoFactorEnabled: true, twoFactorSetupRequired: false } : { twoFactorEnabled: false }),
      clear: () => set({ user: null, tenant: null, isAuthenticated: false, twoFactorEnabled: false, twoFactorSetupRequired: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: ({ user, tenant, isAuthenticated, twoFactorEnabled, twoFactorSetupRequired }) => ({
        user,
        tenant,
        isAuthenticated,
        twoFactorEnabled,
        twoFactorSetupRequired,
      }),
    },
  ),
);

import type { PlatformSettings } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passwordPolicyKey } from '@/hooks/use-password-policy';
import { answer, client } from '@/api/client';

/**
 * Query key of the platform settings. Kept in this file (not in `./keys.ts`, owned by the
 * platform layout work) so the two never clash; everything platform lives under `['platform']`.
 */
const platformSettingsKey = ['platform', 'settings'] as const;

/**
 * GET /api/platform/settings → {@link PlatformSettings} (/platform/settings defaults: stored
 * server-side, not simulated): smtp { host, port, username, password, passwordSet, fromEmail },
 * security { sessionTimeout (hours, 1–720), passwordMinLength (6–128), requireTwoFactor,
 * maxLoginAttempts (3–100 per account and address in 15 minutes) }, platform { defaultPlan (starter
 * | pro | enterprise), trialDays (days, 0–365), allowSignups }. The SMTP password is never sent
 * back: `password` is '' and `passwordSet` tells whether one is stored.
 * @throws {ApiError} 401 signed out, 403 not platform_admin.
 */
export function usePlatformSettings() {
  return useQuery({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => answer(client.GET('/api/platform/settings', { signal })),
  });
}

/**
 * PUT /api/platform/settings with the whole {@link PlatformSettings} → the stored settings (as
 * GET answers them: password '' and passwordSet). An empty `smtp.password` keeps the stored
 * one. allowSignups, trialDays, sessionTimeout, defaultPlan, passwordMinLength and
 * maxLoginAttempts take effect at once on the server (signup refused, trial length of new
 * tenants, session expiry of new and existing sessions, plan of new tenants, every password
 * set, the login throttle); requireTwoFactor is stored only. The cache takes the answer.
 * @throws {ApiError} 400 invalid fields (details lists them, with the contract's messages), 401, 403.
 */
export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettings) => answer(client.PUT('/api/platform/settings', { body })),
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(platformSettingsKey, saved);
      else void queryClient.invalidateQueries({ queryKey: platformSettingsKey });
      // The password forms read the minimum length from the policy endpoint.
      void queryClient.invalidateQueries({ queryKey: passwordPolicyKey });
    },
  });
}

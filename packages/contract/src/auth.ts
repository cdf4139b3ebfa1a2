import { z } from 'zod';
import { Role, SubscriptionStatus } from './enums.ts';

/** POST /api/auth/login body (spec §3 payloads, §5 'Login'). */
export const LoginRequest = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** POST /api/auth/signup body (spec §5 'Signup'). */
export const SignupRequest = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(6, 'Password must be at least 6 characters long').max(200),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** The signed-in user as the browser sees it (spec §3 'User'). */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** The tenant of the signed-in user (null for platform_admin). */
export const SessionTenant = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  subscriptionStatus: SubscriptionStatus,
});
export type SessionTenant = z.infer<typeof SessionTenant>;

/** Answer of login, signup and GET /api/auth/me. */
export const AuthResponse = z.object({
  user: SessionUser,
  tenant: SessionTenant.nullable(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

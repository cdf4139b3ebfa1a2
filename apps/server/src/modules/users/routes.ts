import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, StaffCreateRequest, StaffListResponse, StaffPasswordRequest, StaffUpdateRequest, StaffUser } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import type { TenantContext } from '../../context.ts';
import { changeStaffPassword } from './change-staff-password.ts';
import { createStaff } from './create-staff.ts';
import { listStaff } from './list-staff.ts';
import { resendInvitation, revokeInvitation } from './resend-invitation.ts';
import { resetStaffTwoFactor } from './reset-staff-two-factor.ts';
import type { InvitationSender } from './staff.ts';
import { updateStaff } from './update-staff.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** On a paid plan (an active or past-due subscription to a plan), as the invitation budget counts it; a trial or a lapsed business is not. */
const isOnPlan = (tenant: TenantContext) => tenant.planId !== null && (tenant.subscriptionStatus === 'ACTIVE' || tenant.subscriptionStatus === 'PAST_DUE');

const slugParams = z.object({ slug: z.string() });
/** `id` is any string here: a malformed id answers 404 'Staff member not found' like an unknown one. */
const userParams = z.object({ slug: z.string(), id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Staff (user) routes under /api/t/{slug}/users (docs/product.md 'Roles').
 * All ROLES.admin (staff is managed by tenant_admin only; the platform_admin
 * passes wherever tenant_admin does): 401 signed out, 403 cashier or customer, 404 another
 * tenant's slug or user. Only tenant_admin and cashier users are reachable: a customer's
 * user id answers 404 like an unknown one.
 */
export const userRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; counters: CounterStore; jobs: Jobs }> = async (
  app,
  { db, config, counters, jobs },
) => {
  /** The invitation's link base and the business's daily budget (staff.ts `InvitationSender`). */
  const senderOf = (request: FastifyRequest): InvitationSender => ({
    publicUrl: config.publicUrl,
    budget: { counters, onPlan: isOnPlan(tenantOf(request)) },
  });

  /** GET /users → StaffListResponse `{ users }`: the tenant's staff by name, with store name, active and lastLogin. */
  app.get(
    '/users',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "List the business's staff",
        description: 'Store Admins and cashiers by name, with their store, active state and last sign-in.',
        tags: ['users'],
        params: slugParams,
        response: { 200: StaffListResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listStaff(db, tenantOf(request).id),
  );

  /**
   * POST /users (StaffCreateRequest) → 201 StaffUser. 400 validation (names, e-mail,
   * password shorter than the platform's passwordMinLength 'Password must be at least {n}
   * characters long' (the contract's floor is 6), role cashier/tenant_admin
   * only, 'A cashier must be assigned to a store'); 403 plan staff limit ('Your {plan} plan
   * allows {n} staff member(s). Upgrade to add more.'); 404 'Store not found'; 409 'An
   * account with this email already exists'; 429 when the business has sent its invitations for
   * the day (20 in trial, 200 on a plan, resends count). Nothing is written on an error.
   */
  app.post(
    '/users',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Add a staff member',
        description:
          "Creates a Store Admin or cashier (a cashier needs a store) with a password, or e-mails them an invitation to set one. 403 beyond the plan's staff limit, 409 when the email is taken, 429 when the business has sent its invitations for the day.",
        tags: ['users'],
        params: slugParams,
        body: StaffCreateRequest,
        response: { 201: StaffUser, ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const staff = await createStaff(db, tenantCtx(request), request.body, senderOf(request));
      if (staff.invited) jobs.nudge('outbox');
      return reply.status(201).send(staff);
    },
  );

  /**
   * POST /users/{id}/invitation → 204: a new invitation link e-mailed (the old one
   * stops working). 404 'Staff member not found'; 422 'This staff member has already accepted the invitation';
   * 429 when the business has sent its invitations for the day (see POST /users).
   */
  app.post(
    '/users/:id/invitation',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Resend a staff invitation',
        description:
          'E-mails a new invitation link; the old one stops working. 422 when already accepted, 429 when the business has sent its invitations for the day.',
        tags: ['users'],
        params: userParams,
        response: { 204: z.null(), ...errors, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await resendInvitation(db, tenantCtx(request), request.params.id, senderOf(request));
      jobs.nudge('outbox');
      return reply.status(204).send(null);
    },
  );

  /**
   * DELETE /users/{id}/invitation → 204: the invitation withdrawn and the invited
   * account (never signed in) removed. 404 'Staff member not found'; 422 when already accepted.
   */
  app.delete(
    '/users/:id/invitation',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Withdraw a staff invitation',
        description: 'Withdraws the invitation and removes the invited account, which never signed in. 422 when already accepted.',
        tags: ['users'],
        params: userParams,
        response: { 204: z.null(), ...errors, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      await revokeInvitation(db, tenantCtx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  /**
   * PUT /users/{id} (StaffUpdateRequest: names, role, storeId, active; no e-mail, no
   * password) → 200 StaffUser. Deactivation ends the user's sessions at once. 400, 403 plan
   * limit on re-activation, 404 'Staff member not found' / 'Store not found', 409 when the
   * tenant would be left without an active Store Admin.
   */
  app.put(
    '/users/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a staff member',
        description:
          'Changes names, role, store and active state; deactivating ends their sessions at once. 409 when the business would be left without an active Store Admin.',
        tags: ['users'],
        params: userParams,
        body: StaffUpdateRequest,
        response: { 200: StaffUser, ...errors },
      },
    },
    async (request) => updateStaff(db, tenantCtx(request), request.params.id, request.body),
  );

  /**
   * PUT /users/{id}/password (StaffPasswordRequest `{ password }`, at least the platform's
   * passwordMinLength) → 204; ends the user's other sessions (all but the
   * caller's own). 400 (policy: 'Password must be at least {n} characters long', field
   * body.password; nothing written), 404 'Staff member not found'.
   */
  app.put(
    '/users/:id/password',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Set a staff member's password",
        description: "Sets a new password the policy accepts and ends the staff member's sessions except the caller's own.",
        tags: ['users'],
        params: userParams,
        body: StaffPasswordRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await changeStaffPassword(db, tenantCtx(request), request.params.id, request.body, request.sessionHash);
      return reply.status(204).send(null);
    },
  );

  /**
   * POST /users/{id}/2fa/reset → 204 (ADR 0024): turns off the two-factor sign-in of a cashier
   * who lost their authenticator; audited, and the person is e-mailed (`resetStaffTwoFactor`).
   * 403 for a Store Admin's (the platform operator resets those; a platform admin entering the
   * tenant may); 404 'Staff member not found'; 409 'Two-factor authentication is not on for
   * this account'. No body.
   */
  app.post(
    '/users/:id/2fa/reset',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Reset a cashier's two-factor sign-in",
        description:
          "Turns off two-factor sign-in for a cashier who lost their authenticator and e-mails them; audited. 403 for a Store Admin's, 409 when it is not on.",
        tags: ['users'],
        params: userParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const by = request.user!.role === 'platform_admin' ? 'operator' : 'store_admin';
      await resetStaffTwoFactor(db, tenantCtx(request), request.params.id, by);
      jobs.nudge('outbox');
      return reply.status(204).send(null);
    },
  );
};

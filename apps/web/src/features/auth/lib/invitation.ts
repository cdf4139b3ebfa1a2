import { INVITATION_LINK_INVALID } from '@loyalty/contract';
import { fieldIssues, isApiError } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/** The empty-field messages of the /accept-invitation form, in the language of the time of the call. */
export function acceptInvitationMessages(): { required: string; confirm: string } {
  return { required: translate(authMessages, 'invitePasswordRequired'), confirm: translate(authMessages, 'confirmPasswordRequired') };
}

/**
 * Whether a failed invitation call means the link cannot be used: a 400 with the
 * server's INVITATION_LINK_INVALID (its text or code), or a 400 naming the token (a truncated link).
 */
export function isInvitationLinkInvalid(error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  return error.message === INVITATION_LINK_INVALID || error.code === 'INVITATION_LINK_INVALID' || fieldIssues(error).some((i) => /(^|\.)token$/.test(i.field));
}

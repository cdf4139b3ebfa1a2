import type { StaffUser } from '@loyalty/contract';

/** 'First Last', else the e-mail. */
export function staffName(user: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Two initials for the avatar. */
export function initials(user: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>): string {
  const s = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (s || user.email.charAt(0)).toUpperCase();
}

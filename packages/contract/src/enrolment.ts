import { z } from 'zod';
import { ReferralCodeInput } from './rewards.ts';

/**
 * Customer self-enrolment (docs/product.md 'Online sign-up'): a store's 'Join our rewards'
 * page at /{slug}/join?store={storeId} (from the poster's QR), the confirmation link e-mailed to
 * the address given, and the digital card it creates. Public: no session.
 */

/** GET /api/join/{slug}/stores/{storeId}: what the join page shows about where it is. */
export const JoinPageResponse = z.object({
  businessName: z.string(),
  storeName: z.string(),
});
export type JoinPageResponse = z.infer<typeof JoinPageResponse>;

/**
 * GET /api/join/{slug}/referral/{code}: the join page of a referral link `/{slug}/join?ref={code}`
 * (docs/product.md 'Rewards'): the business, the store the friend joins at (the referrer's card's
 * store when it takes sign-ups, else the business's oldest that does) and the referrer's first name.
 */
export const JoinReferralResponse = JoinPageResponse.extend({ storeId: z.string(), referrerFirstName: z.string() });
export type JoinReferralResponse = z.infer<typeof JoinReferralResponse>;

/** Refusal when the consent box is not ticked. */
export const JOIN_CONSENT_REQUIRED = 'Please agree to receive your card and messages by e-mail';

/** Refusal when the sign-up carries no proof-of-work payload (the page's check did not run). */
export const JOIN_CHALLENGE_REQUIRED = 'Please wait for the check that you are not a robot to finish';

/**
 * GET /api/join/{slug}/challenge: an ALTCHA proof-of-work challenge (altcha-lib v2 format:
 * `parameters` and their HMAC `signature`), which the page's `altcha` widget solves. Opaque to
 * the page: the widget reads it.
 */
export const JoinChallengeResponse = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});
export type JoinChallengeResponse = z.infer<typeof JoinChallengeResponse>;

/** POST /api/join/{slug} body: the store, the customer's names, e-mail, optional phone, and consent (must be true). */
export const JoinRequest = z.object({
  storeId: z.string({ error: 'Store is required' }).trim().min(1, 'Store is required').max(64),
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ error: 'Enter a valid email address' }).trim().toLowerCase().email('Enter a valid email address').max(200),
  phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ().-]{3,40}$/, 'Enter a valid phone number')
      .nullish(),
  ),
  consent: z.literal(true, { error: JOIN_CONSENT_REQUIRED }),
  /** The referrer's code from the link `/{slug}/join?ref={code}` (docs/product.md 'Rewards'); an unknown one is ignored. */
  referralCode: ReferralCodeInput,
  /**
   * The ALTCHA widget's payload (base64 JSON of the challenge from GET /api/join/{slug}/challenge
   * and its proof-of-work solution; ADR 0027). A payload that does not verify, has expired or was
   * used before is refused with 422 JOIN_TEXT.challenge.
   */
  altcha: z.string({ error: JOIN_CHALLENGE_REQUIRED }).trim().min(1, JOIN_CHALLENGE_REQUIRED).max(8000, JOIN_CHALLENGE_REQUIRED),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/**
 * The one answer of POST /api/join/{slug} (202), whatever the address: new, pending, or already a
 * member (who hears so by e-mail, never on screen).
 */
export const JOIN_CHECK_EMAIL = 'Almost there! We have sent you an e-mail. Open the link in it within 24 hours to get your card.';

/** 202 body of POST /api/join/{slug}: always JOIN_CHECK_EMAIL. */
export const JoinAcceptedResponse = z.object({ message: z.string() });
export type JoinAcceptedResponse = z.infer<typeof JoinAcceptedResponse>;

/** POST /api/join/{slug}/confirm body: the token of the e-mailed link. */
export const JoinConfirmRequest = z.object({
  token: z.string({ error: 'This link is not valid' }).trim().min(1, 'This link is not valid').max(200),
});
export type JoinConfirmRequest = z.infer<typeof JoinConfirmRequest>;

/** 200 body of POST /api/join/{slug}/confirm: the new member's digital card (balance in cents; `qrUrl` the card's public page, which its QR encodes). */
export const JoinConfirmResponse = z.object({
  businessName: z.string(),
  firstName: z.string(),
  storeName: z.string().nullable(),
  card: z.object({ cardUid: z.string(), qrUrl: z.string(), balanceCents: z.number().int() }),
});
export type JoinConfirmResponse = z.infer<typeof JoinConfirmResponse>;

/** Texts of the join flow's refusals, as the API and the pages show them. */
export const JOIN_TEXT = {
  notFound: 'This sign-up page is not available',
  invalidLink: 'This link is not valid. Please sign up again.',
  expiredLink: 'This link has expired. Please sign up again.',
  full: "Sorry, we can't add new members online right now. Please ask at the till.",
  alreadyMember: "You're already a member",
  tooMany: 'Too many sign-ups from this network. Please try again later.',
  /** 429: the store's daily cap of online sign-ups is reached (ADR 0027). */
  dailyCap: 'This store has taken all the online sign-ups it can for today. Please try again tomorrow, or ask at the till.',
  /** 422: the proof-of-work payload did not verify, has expired or was used before (ADR 0027). */
  challenge: 'The check that you are not a robot failed or has expired. Please try again.',
} as const;

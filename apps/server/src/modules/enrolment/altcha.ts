import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { JoinChallengeResponse } from '@loyalty/contract';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { CounterStore } from '../../lib/counter-store.ts';

/**
 * The join form's proof of work (ADR 0027): ALTCHA challenges made and checked here with
 * altcha-lib, solved in the browser by the self-hosted `altcha` widget; no outside service.
 * Challenges are signed with HMAC keys derived from QR_TOKEN_SECRET (required in production,
 * docs/security.md), bound to the business's slug, expire after CHALLENGE_TTL_MS, and are
 * accepted once: the nonce of each verified challenge is counted in the shared counters (ADR
 * 0009), so a replay on any instance is refused.
 */

/** How long a challenge may be solved and sent: 10 minutes. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The work a challenge asks for: PBKDF2/SHA-256 with `cost` iterations per try, and the
 * counter the browser must find drawn from [counterMin, counterMax] (the expected number of
 * tries). The default takes a phone about a second; tests pass a cheap one.
 */
export interface ChallengeCost {
  cost: number;
  counterMin: number;
  counterMax: number;
}

/** Production's work: 1000 PBKDF2 iterations × 1000–3000 tries. */
export const DEFAULT_CHALLENGE_COST: ChallengeCost = { cost: 1000, counterMin: 1000, counterMax: 3000 };

/** The two HMAC secrets of the challenges, derived from `secret` (QR_TOKEN_SECRET) with their own labels, so neither equals a QR token key. */
export interface ChallengeKeys {
  signature: string;
  keySignature: string;
}

/** Derives the ChallengeKeys from QR_TOKEN_SECRET (HMAC-SHA-256 of a fixed label each, hex). */
export function challengeKeysOf(secret: string): ChallengeKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex');
  return { signature: derive('altcha-challenge-signature'), keySignature: derive('altcha-key-signature') };
}

/**
 * A new signed challenge for business `slug` (lower-cased into its signed data), expiring
 * CHALLENGE_TTL_MS after the wall clock, not the request's instant: altcha-lib checks expiry
 * against the wall clock, so a challenge dated by a moved app clock would be refused.
 */
export async function newChallenge(keys: ChallengeKeys, cost: ChallengeCost, slug: string): Promise<JoinChallengeResponse> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: cost.cost,
    counter: randomInt(cost.counterMax, cost.counterMin),
    deriveKey,
    data: { slug: slug.toLowerCase() },
    // altcha-lib checks the expiry against the wall clock, not the app's clock.
    // eslint-disable-next-line no-restricted-syntax
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  return { parameters: { ...challenge.parameters } as Record<string, unknown>, signature: challenge.signature };
}

/** The widget's payload once decoded: the challenge as we signed it and the browser's solution. */
const Payload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(50),
        nonce: z.string().max(200),
        salt: z.string().max(200),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().max(200),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .passthrough(),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

/**
 * Whether `payload` (the widget's base64 JSON) solves a challenge we signed for `slug`, unexpired,
 * and was not presented before: the first verified presentation spends it (a counter on its
 * nonce, kept past its expiry), so every later one answers false. Never throws on bad input.
 */
export async function spendChallenge(keys: ChallengeKeys, counters: CounterStore, payload: string, slug: string, now: Date): Promise<boolean> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  const parsed = Payload.safeParse(decoded);
  if (!parsed.success) return false;
  const { challenge, solution } = parsed.data;
  if (challenge.parameters.data?.slug !== slug.toLowerCase()) return false;
  let verified = false;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const spent = await counters.hit(`altcha:${challenge.parameters.nonce}`, CHALLENGE_TTL_MS + 60_000, now);
  return spent.count === 1;
}

import { SignJWT } from 'jose';
import { createPrivateKey } from 'node:crypto';
import type { GoogleIssuer } from './google-identity.ts';

/** The OAuth scope of the Google Wallet REST API. */
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** Milliseconds a call to Google may take before it counts as failed. */
const CALL_TIMEOUT_MS = 10_000;
/** Seconds an access token is asked for (Google's maximum). */
const TOKEN_SECONDS = 3600;

/** Access tokens by service account and token URL, reused until a minute before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * An access token of the issuer's service account (OAuth 2.0 JWT bearer grant, RFC 7523, as
 * Google's service accounts use it): a JWT signed with the account's key, `iss` its address,
 * `scope` the Wallet API, `aud` the token endpoint `tokenUrl`, posted there form-encoded.
 * Kept per process until a minute before it expires. Throws when the endpoint does not answer
 * 200 with an `access_token`.
 */
export async function googleAccessToken(issuer: GoogleIssuer, tokenUrl: string, now: Date): Promise<string> {
  const key = `${issuer.clientEmail} ${tokenUrl}`;
  const kept = tokens.get(key);
  if (kept && kept.expiresAt > now.getTime() + 60_000) return kept.token;
  const iat = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: WALLET_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(issuer.clientEmail)
    .setAudience(tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_SECONDS)
    .sign(createPrivateKey(issuer.privateKeyPem));
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (res.status !== 200 || typeof body?.access_token !== 'string') throw new Error(`the Google token endpoint answered ${res.status}`);
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : TOKEN_SECONDS;
  tokens.set(key, { token: body.access_token, expiresAt: now.getTime() + seconds * 1000 });
  return body.access_token;
}

/** The Google Wallet resources we change: a card's object, a business's class. */
export type LoyaltyResource = 'loyaltyObject' | 'loyaltyClass';

/**
 * PATCHes one loyalty object or class through the Google Wallet REST API
 * (`{apiUrl}/{resource}/{id}`, bearer `accessToken`) with the fields that change.
 * Returns the HTTP status, or 0 when no answer came (connection, timeout); never throws.
 */
export async function patchLoyaltyResource(apiUrl: string, accessToken: string, resource: LoyaltyResource, id: string, fields: object): Promise<number> {
  try {
    const res = await fetch(`${apiUrl}/${resource}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  } catch {
    return 0;
  }
}

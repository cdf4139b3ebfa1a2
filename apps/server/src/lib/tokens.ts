import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a session token: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh session token: 256 random bits, base64url. The cookie carries it; the store keeps only `hashToken(token)`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

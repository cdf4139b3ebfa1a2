import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches an argon2 hash; false for a malformed hash too. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both paths take as long. */
export const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password-' + Math.random());

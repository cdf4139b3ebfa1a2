import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id's cost for passwords: 19 MiB of memory, 2 passes, 1 lane (OWASP's minimum for
 * argon2id, and the library's defaults, written down so that an upgrade cannot lower them
 * unnoticed). docs/security.md 'Secrets'.
 */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const satisfies Options;

/**
 * The test suite's cost: 1 MiB, 1 pass. The server's tests sign in thousands of times; at the
 * real cost each sign-in spends about 20 ms of a core on the hash alone.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const satisfies Options;

let cost: Options = PASSWORD_HASH_COST;

/**
 * Chooses the cost of the hashes this process makes from now on: 'production' (the default,
 * {@link PASSWORD_HASH_COST}) or 'test' (for the test suite, before it seeds any account: a
 * verification reads the cost from the hash it checks). Throws when NODE_ENV is production and
 * 'test' is asked for.
 */
export function setPasswordHashCost(which: 'production' | 'test'): void {
  // A guard, not a setting: it must hold wherever this is called from, with or without a config.
  // eslint-disable-next-line no-restricted-properties
  if (which === 'test' && process.env.NODE_ENV === 'production') throw new Error('The test password hash cost is never used in production');
  cost = which === 'test' ? TEST_COST : PASSWORD_HASH_COST;
}

/** Hashes a password with argon2id at the chosen cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

/** True when `password` matches an argon2 hash; false for a malformed hash too. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the e-mail is unknown, so both paths take as long; made on first
 * use, at the cost chosen by then.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}

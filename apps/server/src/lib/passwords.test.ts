import { afterEach, describe, expect, it, vi } from 'vitest';
import { dummyPasswordHash, hashPassword, PASSWORD_HASH_COST, setPasswordHashCost, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    // The rest of the suite hashes at the tests' cost (test/setup.ts).
    setPasswordHashCost('test');
  });

  it('are argon2id at 19 MiB, 2 passes and 1 lane unless the tests ask otherwise', async () => {
    setPasswordHashCost('production');
    const hash = await hashPassword('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(hash, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-9')).toBe(false);
  });

  it("verify at the cost written in the hash: a production hash still verifies at the tests' cost", async () => {
    setPasswordHashCost('production');
    const strong = await hashPassword('Correct-Horse-9');
    setPasswordHashCost('test');
    const cheap = await hashPassword('Correct-Horse-9');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(strong, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(cheap, 'Correct-Horse-9')).toBe(true);
  });

  it("refuses the tests' cost in production", () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => setPasswordHashCost('test')).toThrow('never used in production');
    setPasswordHashCost('production');
  });

  it('answers false for a malformed hash, and the unknown-e-mail hash matches no password', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    const dummy = await dummyPasswordHash();
    expect(dummy).toBe(await dummyPasswordHash());
    expect(await verifyPassword(dummy, 'not-a-real-password-')).toBe(false);
  });
});

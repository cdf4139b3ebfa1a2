import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * What the join page's `altcha` widget does (ADR 0027): fetches a challenge for business `slug`
 * from GET /api/join/{slug}/challenge, solves its proof of work, and returns the payload the
 * form sends as `altcha` (base64 JSON of the challenge and the solution). Fast under the tests'
 * TEST_CHALLENGE_COST.
 */
export async function solveJoinChallenge(app: FastifyInstance, slug: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/join/${slug}/challenge` });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

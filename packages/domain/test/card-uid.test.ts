import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_UID_ALPHABET, CARD_UID_LENGTH, isCardUid, normalizeCardUid } from '../src/card-uid.ts';

const uidArb = fc.string({ unit: fc.constantFrom(...CARD_UID_ALPHABET), minLength: CARD_UID_LENGTH, maxLength: CARD_UID_LENGTH });

describe('alphabet and length', () => {
  it('is Crockford base32: 32 distinct characters, digits and upper-case letters without I, L, O, U', () => {
    expect(CARD_UID_ALPHABET).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
    expect(new Set(CARD_UID_ALPHABET).size).toBe(32);
    for (const c of 'ILOU') expect(CARD_UID_ALPHABET).not.toContain(c);
    expect(CARD_UID_LENGTH).toBe(12);
  });
});

describe('normalizeCardUid', () => {
  it.each([
    ['ABCDEFGH2345', 'ABCDEFGH2345'],
    ['  ABCDEFGH2345  ', 'ABCDEFGH2345'],
    ['abcdefgh2345', 'ABCDEFGH2345'],
    ['AbCd eFgH 2345', 'ABCDEFGH2345'],
    ['abcd-efgh-2345', 'ABCDEFGH2345'],
    [' abcd - efgh -- 2345 ', 'ABCDEFGH2345'],
    ['\tabcd\nefgh 2345\r\n', 'ABCDEFGH2345'],
    ['https://x.test/demo/c/abcd-efgh-2345?t=xyz', 'ABCDEFGH2345'],
    ['https://x.test/demo/c/abcd-efgh-2345', 'ABCDEFGH2345'],
    ['https://x.test/demo/c/ABCDEFGH2345#top', 'ABCDEFGH2345'],
    ['https://x.test/demo/c/abcdefgh2345/', 'ABCDEFGH2345'],
    ['  https://x.test/demo/c/abcd-efgh-2345?t=AbC-_123  ', 'ABCDEFGH2345'],
    ['https://x.test/demo/c/abcd%20efgh%202345?t=xyz', 'ABCDEFGH2345'],
    ['http://localhost:5173/my-shop/c/0000-1111-2222?t=aaaaaaaaaaaaaaaaaaaaaa', '000011112222'],
    ['x.test/demo/c/abcd-efgh-2345', 'ABCDEFGH2345'],
    ['', ''],
    ['   ', ''],
    ['- -', ''],
  ])('normalizeCardUid(%j) === %j', (raw, expected) => {
    expect(normalizeCardUid(raw)).toBe(expected);
  });

  it('the URL path segment is taken before the query, and the token is never mixed in', () => {
    const uid = normalizeCardUid('https://x.test/demo/c/ABCDEFGH2345?t=ZZZZZZZZZZZZZZZZZZZZZZ');
    expect(uid).toBe('ABCDEFGH2345');
    expect(isCardUid(uid)).toBe(true);
  });

  it('a host that merely contains "c" is not mistaken for the /c/ segment', () => {
    expect(normalizeCardUid('https://c.test/demo/c/abcd-efgh-2345')).toBe('ABCDEFGH2345');
  });

  it('malformed percent-encoding in a scanned URL does not throw; the result is not a UID', () => {
    for (const raw of ['https://x.test/demo/c/%E0%A4%A', 'https://x.test/demo/c/abc%', 'x/c/%zz']) {
      let result = '';
      expect(() => (result = normalizeCardUid(raw))).not.toThrow();
      expect(isCardUid(result)).toBe(false);
    }
    expect(normalizeCardUid('https://x.test/demo/c/ab%zz')).toBe('AB%ZZ');
  });

  it('property: idempotent on arbitrary (full unicode) strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const once = normalizeCardUid(raw);
        expect(normalizeCardUid(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  const messyArb = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...'abcXYZ019 -\t/c%?#:.'), maxLength: 40 }),
    fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 15 }), fc.string({ maxLength: 10 })).map(([a, b, c]) => `${a}/c/${b}?${c}`),
  );

  it('property: idempotent on URL-like and messy inputs', () => {
    fc.assert(
      fc.property(messyArb, (raw) => {
        const once = normalizeCardUid(raw);
        expect(normalizeCardUid(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: output has no whitespace, no dashes and no lower-case ASCII', () => {
    fc.assert(
      fc.property(messyArb, (raw) => {
        expect(normalizeCardUid(raw)).not.toMatch(/[\s\-a-z]/);
      }),
    );
  });

  it('property: any typed or scanned rendering of a UID normalises back to it', () => {
    const separatorArb = fc.constantFrom('', ' ', '-', ' - ', '  ', '\t');
    fc.assert(
      fc.property(
        uidArb,
        fc.array(separatorArb, { minLength: CARD_UID_LENGTH, maxLength: CARD_UID_LENGTH }),
        fc.boolean(),
        fc.constantFrom('none', 'url', 'url+token'),
        fc.constantFrom('', ' ', '\n'),
        (uid, seps, lower, wrap, pad) => {
          let typed = [...uid].map((c, i) => c + seps[i]).join('');
          if (lower) typed = typed.toLowerCase();
          if (wrap === 'url') typed = `https://cards.example.com/shop-1/c/${encodeURIComponent(typed)}`;
          if (wrap === 'url+token') typed = `https://cards.example.com/shop-1/c/${encodeURIComponent(typed)}?t=abcDEF-_0123456789abcd`;
          const normalised = normalizeCardUid(pad + typed + pad);
          expect(normalised).toBe(uid);
          expect(isCardUid(normalised)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isCardUid', () => {
  it.each([
    ['ABCDEFGH2345', true],
    ['0123456789AB', true],
    ['ZZZZZZZZZZZZ', true],
    ['000000000000', true],
    ['JKMNPQRSTVWX', true],
    ['ABCDEFGH234', false], // 11
    ['ABCDEFGH23456', false], // 13
    ['', false],
    ['abcdefgh2345', false], // not normalised
    ['ABCD-EFGH-23', false],
    ['ABCD EFGH 23', false],
    ['ABCDEFGH234I', false],
    ['ABCDEFGH234L', false],
    ['ABCDEFGH234O', false],
    ['ABCDEFGH234U', false],
    ['ABCDEFGH234!', false],
    ['ABCDEFGH234Ä', false],
  ])('isCardUid(%j) === %s', (uid, expected) => {
    expect(isCardUid(uid)).toBe(expected);
  });

  it('property: every 12-character string over the alphabet is a UID', () => {
    fc.assert(
      fc.property(uidArb, (uid) => {
        expect(isCardUid(uid)).toBe(true);
      }),
    );
  });

  it('property: replacing any one character by I, L, O, U or a lower-case letter breaks it', () => {
    fc.assert(
      fc.property(uidArb, fc.nat(CARD_UID_LENGTH - 1), fc.constantFrom(...'ILOUilouabz'), (uid, index, bad) => {
        const broken = uid.slice(0, index) + bad + uid.slice(index + 1);
        expect(broken).toHaveLength(CARD_UID_LENGTH);
        expect(isCardUid(broken)).toBe(false);
      }),
    );
  });

  it('property: any other length is rejected', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...CARD_UID_ALPHABET), maxLength: 30 }).filter((s) => s.length !== CARD_UID_LENGTH),
        (s) => {
          expect(isCardUid(s)).toBe(false);
        },
      ),
    );
  });

  it('property: agrees with a regular expression of the rule', () => {
    fc.assert(
      fc.property(fc.oneof(uidArb, fc.string({ maxLength: 14 }), fc.string({ unit: 'binary', minLength: 12, maxLength: 12 })), (s) => {
        expect(isCardUid(s)).toBe(/^[0-9A-HJKMNP-TV-Z]{12}$/.test(s));
      }),
    );
  });
});

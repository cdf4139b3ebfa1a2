import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of small secrets the server must read back (the TOTP secrets of two-factor
 * sign-in, ADR 0024; docs/security.md 'Secrets'): AES-256-GCM from node:crypto, a random 96-bit
 * IV per value, the key derived with HKDF-SHA256 from a server secret and a purpose label, so
 * one server secret gives unrelated keys for unrelated purposes. A value is
 * `v1.{iv}.{tag}.{ciphertext}` (base64url parts).
 */
export interface SecretBox {
  /** Encrypts `plain` (UTF-8) to the stored form. */
  seal(plain: string): string;
  /** Decrypts a value `seal` made with the same key; throws when it was altered or sealed under another key. */
  open(sealed: string): string;
}

/** A SecretBox whose 256-bit key is HKDF-SHA256(`serverSecret`, no salt, info `purpose`). */
export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

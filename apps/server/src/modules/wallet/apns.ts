import http2 from 'node:http2';

/** One pass-update push: the device's APNs token and the pass's Pass Type ID (the push's topic). */
export interface PassPush {
  pushToken: string;
  topic: string;
}

/** What APNs answered a push: its HTTP status, or 0 when no answer came (connection, timeout). */
export type PushStatus = number;

/** Milliseconds a push may take before it counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends pass-update pushes to APNs over HTTP/2 (node:http2; docs/product.md 'Wallet passes',
 * ADR 0046), authenticated with the Pass Type ID certificate and key as the TLS client
 * certificate, as Apple asks for Wallet: `POST /3/device/{pushToken}`, `apns-topic` the Pass
 * Type ID, an empty JSON payload (the push only tells Wallet to ask the web service what
 * changed). One connection for the whole batch, closed at the end. `url` is the APNs origin
 * (config APNS_URL); an http:// one (a local stand-in, outside production only) is spoken in
 * cleartext. Returns each push's status in order; never throws.
 */
export async function sendPassPushes(url: string, identity: { signerCertPem: string; signerKeyPem: string }, pushes: PassPush[]): Promise<PushStatus[]> {
  if (pushes.length === 0) return [];
  let session: http2.ClientHttp2Session;
  try {
    session = http2.connect(url, url.startsWith('https:') ? { cert: identity.signerCertPem, key: identity.signerKeyPem } : {});
  } catch {
    return pushes.map(() => 0);
  }
  // A failed connection fails every stream on it; the streams report it, this keeps it from being unhandled.
  session.on('error', () => {});
  try {
    return await Promise.all(pushes.map((push) => sendOne(session, push)));
  } finally {
    session.close();
  }
}

/** One push on an open session: its status, 0 on a stream error or after PUSH_TIMEOUT_MS. */
function sendOne(session: http2.ClientHttp2Session, push: PassPush): Promise<PushStatus> {
  return new Promise((resolve) => {
    let status = 0;
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(push.pushToken)}`,
        'apns-topic': push.topic,
        'content-type': 'application/json',
      });
    } catch {
      resolve(0);
      return;
    }
    stream.setTimeout(PUSH_TIMEOUT_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    stream.on('response', (headers) => {
      status = Number(headers[':status'] ?? 0);
    });
    stream.on('error', () => resolve(0));
    stream.on('close', () => resolve(status));
    // APNs sends a JSON reason with errors; it is not needed beyond the status.
    stream.resume();
    stream.end('{}');
  });
}

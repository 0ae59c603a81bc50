import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A tiny software authenticator for the tests: ES256 keys from node:crypto, attestation 'none',
 * authenticatorData and CBOR written by hand. It answers the server's real WebAuthn options the
 * way a browser with a platform authenticator would, so the server's verification runs for real.
 */

type Cbor = number | string | Buffer | Cbor[] | Map<Cbor, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const entries = v instanceof Map ? [...v] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface RegistrationOptionsJson {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}
export interface AuthenticationOptionsJson {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** What a test may change to play a hostile or broken client. */
export interface Tamper {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  userVerified?: boolean;
}

export function softwareAuthenticator(origin: string) {
  const credentials: Credential[] = [];

  function authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }
  const clientData = (type: string, challenge: string, t: Tamper) =>
    Buffer.from(JSON.stringify({ type: t.type ?? type, challenge: t.challenge ?? challenge, origin: t.origin ?? origin, crossOrigin: false }));
  const flagsOf = (t: Tamper, extra = 0) => 0x01 | (t.userVerified === false ? 0 : 0x04) | extra;

  return {
    credentials,

    /** navigator.credentials.create(): a new ES256 key pair, returned as RegistrationResponseJSON. */
    register(options: RegistrationOptionsJson, t: Tamper = {}) {
      const rpId = t.rpId ?? options.rp.id ?? 'localhost';
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const id = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: authData(rpId, flagsOf(t, 0x40), 0, attested) });
      credentials.push({ id, privateKey, cose, userHandle: options.user.id, rpId, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, t)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** navigator.credentials.get(): signs with the allowed credential (or the newest), as AuthenticationResponseJSON. */
    assert(options: AuthenticationOptionsJson, t: Tamper & { credential?: Credential; counter?: number } = {}) {
      const allowed = options.allowCredentials?.map((c) => c.id);
      const cred = t.credential ?? [...credentials].reverse().find((c) => !allowed?.length || allowed.includes(b64url(c.id)));
      if (!cred) throw new Error('no credential for these options');
      cred.counter = t.counter ?? cred.counter + 1;
      const data = authData(t.rpId ?? options.rpId ?? cred.rpId, flagsOf(t), cred.counter);
      const json = clientData('webauthn.get', options.challenge, t);
      const signature = sign('sha256', Buffer.concat([data, sha256(json)]), cred.privateKey);
      return {
        id: b64url(cred.id),
        rawId: b64url(cred.id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(json), authenticatorData: b64url(data), signature: b64url(signature), userHandle: cred.userHandle },
      };
    },
  };
}
export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;

import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  WireAuthenticationOptions,
  WireAuthenticationResponse,
  WireRegistrationOptions,
  WireRegistrationResponse,
} from '@charter/core'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/**
 * A software authenticator for tests over HTTP: it makes a P-256 passkey as a platform authenticator would (no
 * attestation, user verified), answers challenges with it, and lets a test play the attacker: answer from another
 * origin, with a counter that goes back (a copy), or without user verification. The CBOR is the WebAuthn library's
 * own encoder.
 */
export class SoftPasskey {
  readonly credentialId: string
  readonly #privateKey: KeyObject
  readonly #publicKey: KeyObject
  /** The signature counter the last answer carried; the next carries one more. */
  counter = 0
  /** The member's id the passkey keeps (the user handle a discoverable sign-in answers with). */
  userHandle: string | undefined

  constructor(
    readonly origin: string,
    from?: { credentialId: string; privateKey: KeyObject; publicKey: KeyObject },
  ) {
    const pair = from ?? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.#privateKey = pair.privateKey
    this.#publicKey = pair.publicKey
    this.credentialId = from?.credentialId ?? b64(randomBytes(16))
  }

  /** The same credential (key, id and counter), as a password manager syncs it, or a thief copies it. */
  copy(): SoftPasskey {
    const copy = new SoftPasskey(this.origin, {
      credentialId: this.credentialId,
      privateKey: this.#privateKey,
      publicKey: this.#publicKey,
    })
    copy.counter = this.counter
    copy.userHandle = this.userHandle
    return copy
  }

  #authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Uint8Array {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])])
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** Answers `link/init`'s options: a new credential, in Privy's wire shape. */
  create(
    options: WireRegistrationOptions,
    how: { origin?: string; userVerified?: boolean; aaguid?: string } = {},
  ): WireRegistrationResponse {
    const jwk = this.#publicKey.export({ format: 'jwk' })
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x as string)],
      [-3, isoBase64URL.toBuffer(jwk.y as string)],
    ])
    const id = isoBase64URL.toBuffer(this.credentialId)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const aaguid = Buffer.from(
      (how.aaguid ?? '00000000-0000-0000-0000-000000000000').replaceAll('-', ''),
      'hex',
    )
    const attested = Buffer.concat([aaguid, idLength, id, isoCBOR.encode(cose)])
    const flags = 0x01 | (how.userVerified === false ? 0 : 0x04) | 0x40
    const authData = this.#authenticatorData(options.rp.id ?? 'localhost', flags, attested)
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    )
    this.userHandle = options.user.id
    return {
      id: this.credentialId,
      raw_id: this.credentialId,
      type: 'public-key',
      response: {
        client_data_json: b64(
          this.#clientData('webauthn.create', options.challenge, how.origin ?? this.origin),
        ),
        attestation_object: b64(attestation),
        transports: ['internal'],
      },
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true } },
    }
  }

  /** Answers an authentication's options (a sign-in or a proof): an assertion, in Privy's wire shape. */
  get(
    options: WireAuthenticationOptions,
    how: { origin?: string; userVerified?: boolean; counter?: number } = {},
  ): WireAuthenticationResponse {
    if (how.counter !== undefined) this.counter = how.counter
    else this.counter += 1
    const flags = 0x01 | (how.userVerified === false ? 0 : 0x04)
    const authData = this.#authenticatorData(options.rp_id ?? 'localhost', flags)
    const clientData = this.#clientData('webauthn.get', options.challenge, how.origin ?? this.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), {
      key: this.#privateKey,
      dsaEncoding: 'der',
    })
    return {
      id: this.credentialId,
      raw_id: this.credentialId,
      type: 'public-key',
      response: {
        client_data_json: b64(clientData),
        authenticator_data: b64(authData),
        signature: b64(signature),
        ...(this.userHandle && { user_handle: this.userHandle }),
      },
      authenticator_attachment: 'platform',
      client_extension_results: {},
    }
  }
}

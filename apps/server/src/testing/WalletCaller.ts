import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { authorizationPayload } from '@charter/core'
import type { ApiClient } from './ApiClient.ts'

/**
 * What the browser's wallet proxy does, in a test: a P-256 device key the session is bound to at sign-in, and
 * every wallet request signed with it over the RFC 8785 payload, with an expiry a minute ahead.
 */
export class WalletCaller {
  readonly api: ApiClient
  readonly appId: string
  readonly privateKey: KeyObject
  readonly publicKeySpki: string

  constructor(api: ApiClient, appId = 'charter-local') {
    this.api = api
    this.appId = appId
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.privateKey = privateKey
    this.publicKeySpki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
  }

  /** Signs in with the device key in the authenticate body, so the session is born bound to it. */
  signIn(by: 'phone' | 'email', address: string) {
    const extra = { authorization_key: this.publicKeySpki }
    return by === 'phone' ? this.api.signInByPhone(address, extra) : this.api.signInByEmail(address, extra)
  }

  /** Binds the key to a session that has none; without a step-up `code` the server refuses. */
  register(code?: string) {
    return this.api.post('/api/v1/sessions/authorization_key', {
      public_key: this.publicKeySpki,
      ...(code === undefined ? {} : { code }),
    })
  }

  signature(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    key = this.privateKey,
  ): string {
    const payload = authorizationPayload({
      method: 'POST',
      url: `${this.api.baseUrl}${path}`,
      body,
      headers: { 'privy-app-id': this.appId, ...headers },
    })
    return sign('sha256', payload, { key, dsaEncoding: 'der' }).toString('base64')
  }

  /**
   * A signed POST; `sentBody` lets a test send something other than what it signed, `omitExpiry` leaves out
   * `privy-request-expiry` (otherwise a minute ahead unless `headers` sets it).
   */
  post(
    path: string,
    body: unknown,
    options: {
      headers?: Record<string, string>
      sentBody?: unknown
      key?: KeyObject
      omitExpiry?: boolean
    } = {},
  ) {
    const headers = {
      ...(options.omitExpiry ? {} : { 'privy-request-expiry': String(Date.now() + 60_000) }),
      ...options.headers,
    }
    return this.api.post(path, options.sentBody ?? body, {
      'privy-app-id': this.appId,
      ...headers,
      'privy-authorization-signature': this.signature(path, body, headers, options.key),
    })
  }

  rpc(walletId: string, method: string, params: unknown, options: { headers?: Record<string, string> } = {}) {
    return this.post(`/api/v1/wallets/${walletId}/rpc`, { method, params }, options)
  }
}

import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { authorizationPayload } from '@charter/core'
import type { ApiClient } from './ApiClient.ts'

/**
 * What the browser's wallet proxy does, in a test: a P-256 key registered with the session, and every
 * wallet request signed with it over the RFC 8785 payload.
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

  register() {
    return this.api.post('/api/v1/sessions/authorization_key', { public_key: this.publicKeySpki })
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

  /** A signed POST; `sentBody` lets a test send something other than what it signed. */
  post(
    path: string,
    body: unknown,
    options: { headers?: Record<string, string>; sentBody?: unknown; key?: KeyObject } = {},
  ) {
    const headers = options.headers ?? {}
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

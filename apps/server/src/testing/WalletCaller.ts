import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { type AuthorizationMethod, authorizationPayload } from '@charter/core'
import type { hc, InferResponseType } from 'hono/client'
import type { AppType } from '../app.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from './ApiClient.ts'
import { appIdFor } from './appIds.ts'

type WalletApi = ReturnType<typeof hc<AppType>>['api']['v1']['wallets']

/** What the wallet routes answer when they succeed, as the server's own types say (the web reads the same). */
export type WalletAnswers = {
  create: InferResponseType<WalletApi['$post'], 200>
  rpc: InferResponseType<WalletApi[':id']['rpc']['$post'], 200>
  exportInit: InferResponseType<WalletApi[':id']['export']['init']['$post'], 200>
  export: InferResponseType<WalletApi[':id']['export']['$post'], 200>
  decline: InferResponseType<WalletApi[':id']['decline']['$post'], 200>
  activity: InferResponseType<WalletApi['activity']['$get'], 200>
}

/** One of the member's wallets as `POST /wallets` answers it (and sign-in lists it), with the id Charter sets. */
export type MemberWallet = WalletAnswers['create'] & { id: string }

/**
 * What the browser's wallet proxy does, in a test: a P-256 device key the session is bound to at sign-in, and
 * every wallet request signed with it over the RFC 8785 payload, with an expiry a minute ahead.
 */
export class WalletCaller {
  readonly api: ApiClient
  readonly appId: string
  readonly privateKey: KeyObject
  readonly publicKeySpki: string

  /** `appId`: by default the one of the server at `api.baseUrl` (started by this process). */
  constructor(api: ApiClient, appId = appIdFor(api.baseUrl)) {
    this.api = api
    this.appId = appId
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.privateKey = privateKey
    this.publicKeySpki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
  }

  /** The same member (session cookie and device key) calling another server process, at `url`. */
  at(url: string): WalletCaller {
    const api = new ApiClient(url)
    api.cookie = this.api.cookie
    return Object.assign(new WalletCaller(api, this.appId), {
      privateKey: this.privateKey,
      publicKeySpki: this.publicKeySpki,
    })
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
    method: AuthorizationMethod = 'POST',
  ): string {
    const payload = authorizationPayload({
      method,
      url: `${this.api.baseUrl}${path}`,
      body,
      headers: { 'privy-app-id': this.appId, ...headers },
    })
    return sign('sha256', payload, { key, dsaEncoding: 'der' }).toString('base64')
  }

  /**
   * A signed request, its answer typed by the route the path names (as `ApiClient.request`); `sentBody` lets a
   * test send something other than what it signed (`null`: no body at all), `signed` signs another method or path
   * than the one sent, `omitExpiry` leaves out `privy-request-expiry` (otherwise a minute ahead unless `headers`
   * sets it).
   */
  send<Method extends AuthorizationMethod, Path extends string>(
    method: Method,
    path: Path,
    body: unknown,
    options: {
      headers?: Record<string, string>
      sentBody?: unknown
      key?: KeyObject
      omitExpiry?: boolean
      signed?: { method?: AuthorizationMethod; path?: string }
    } = {},
  ) {
    const headers = {
      ...(options.omitExpiry ? {} : { 'privy-request-expiry': String(Date.now() + 60_000) }),
      ...options.headers,
    }
    const sent =
      options.sentBody === undefined ? body : options.sentBody === null ? undefined : options.sentBody
    return this.api.request(method, path, sent, {
      'privy-app-id': this.appId,
      ...headers,
      'privy-authorization-signature': this.signature(
        options.signed?.path ?? path,
        body,
        headers,
        options.key,
        options.signed?.method ?? method,
      ),
    })
  }

  /** A signed POST (`send`). */
  post<Path extends string>(path: Path, body: unknown, options: Parameters<WalletCaller['send']>[3] = {}) {
    return this.send('POST', path, body, options)
  }

  rpc(walletId: string, method: string, params: unknown, options: { headers?: Record<string, string> } = {}) {
    return this.post(`/api/v1/wallets/${walletId}/rpc`, { method, params }, options)
  }
}

/**
 * A new member signed in by phone or email, their session born bound to the caller's device key: the caller,
 * the member's wallets (an EVM and a Solana one, index 0) and the address they signed in with.
 */
export async function signedInMember(baseUrl: string, by: 'phone' | 'email' = 'phone') {
  const api = new ApiClient(baseUrl)
  const address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()
  const caller = new WalletCaller(api)
  const signedIn = await caller.signIn(by, address)
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.text}`)
  const wallets = walletsOf(signedIn.body.user)
  const wallet = (chainType: MemberWallet['chain_type']) =>
    wallets.find((each) => each.chain_type === chainType) as MemberWallet
  return { api, caller, wallets, wallet, address }
}

/** The wallets among a user's linked accounts, in their order. */
export const walletsOf = (user: { linked_accounts: { type: string }[] }): MemberWallet[] =>
  user.linked_accounts.filter((account): account is MemberWallet => account.type === 'wallet')

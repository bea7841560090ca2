import { createPublicKey, verify } from 'node:crypto'
import {
  type AuthorizationMethod,
  authorizationPayload,
  type CharterUser,
  describeUserAgent,
  isEmbeddedWallet as isEmbedded,
  type LinkedAccount,
  maskPhoneNumber,
  toUnixSeconds,
  type WireAuthenticationResponse,
  type WireRegistrationResponse,
} from '@charter/core'
import { type Hex, hexToBigInt, keccak256, type TransactionSerializable } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { challengeOf } from './fakeAuthenticator.ts'
import { phoneUser } from './fixtures.ts'
import {
  type AnswerTo,
  type ApiRoute,
  answer,
  type Refused,
  refuse,
  type StubHandler,
  type StubReply,
  type StubRoutes,
} from './stubAnswers.ts'
import { type ApiCall, type ApiHandler, noStub } from './stubApi.ts'
import { verifyWalletSignIn } from './verifyWalletSignIn.ts'

export const evmWalletId = 'wallet-evm-0'
export const solanaWalletId = 'wallet-sol-0'
export const solanaAddress = '8x6NaJq3oPu4yq9Ng8WwPuVkpX9eQd3b8qQZ1Yz4SZF'
/** The one code the stand-in takes for a sign-in, a link, the new address of a change, or an export. */
export const rightCode = '123456'
/** The one code it takes to confirm it is you (`step_up/init`), distinct so a test sees which went where. */
export const rightStepUpCode = '987654'

const embedded = (id: string, address: string, chainType: 'ethereum' | 'solana'): LinkedAccount => ({
  type: 'wallet',
  id,
  address,
  chain_type: chainType,
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  wallet_index: 0,
  imported: false,
  delegated: false,
  recovery_method: 'privy-v2',
  verified_at: 1_732_269_600,
  first_verified_at: 1_732_269_600,
  latest_verified_at: 1_732_269_600,
  ...(chainType === 'solana' && { public_key: address }),
})

export type RpcCall = { method: string; caip2?: string; params: Record<string, unknown> }
/** One send, as `GET /api/v1/wallets/{id}/sends` answers it. */
export type SendRow = AnswerTo<'GET /api/v1/wallets/:id/sends/:send_id'>
/** One of the member's sessions, as `GET /api/v1/sessions` answers it. */
export type SessionRow = AnswerTo<'GET /api/v1/sessions'>['sessions'][number]
/** One line of `GET /api/v1/users/me/events`. */
export type AccountEvent = AnswerTo<'GET /api/v1/users/me/events'>['events'][number]
/** One of the member's passkeys, as `GET /api/v1/passkeys` answers it. */
export type PasskeyRow = AnswerTo<'GET /api/v1/passkeys'>['passkeys'][number]
/** One held request, as `GET /api/v1/held_actions` answers it. */
export type HeldActionRow = AnswerTo<'GET /api/v1/held_actions'>['held_actions'][number]

/** A passkey the member added a day ago and never used, with the credential id its authenticator keeps. */
export const passkeyRow = (
  credentialId: string,
  name: string,
  changes: Partial<PasskeyRow> = {},
): PasskeyRow => {
  const added = toUnixSeconds(Date.now()) - 86_400
  return {
    type: 'passkey',
    credential_id: credentialId,
    name,
    authenticator_name: 'Google Password Manager',
    created_with_browser: 'Chrome on Linux',
    enrolled_in_mfa: false,
    verified_at: added,
    first_verified_at: added,
    latest_verified_at: null,
    backed_up: true,
    ...changes,
  }
}
type Keystore = Extract<AnswerTo<'POST /api/v1/wallets/:id/export'>, { format: 'keystore' }>['keystore']
/** One line of `GET /api/v1/wallets/activity`. */
type ActivityLine = AnswerTo<'GET /api/v1/wallets/activity'>['activity'][number]
export const thisSessionId = 'session-this'
export const otherSessionId = 'session-other'
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
export type StepUpAction = 'update_phone' | 'update_email' | 'register_key'
export type StepUp = { action: StepUpAction; via: 'phone' | 'email' }

export type WalletServerOptions = {
  appId?: string
  /** The key the session is bound to; none for a session signed in without one (another client). */
  sessionKey?: string
  /** False: nobody is signed in until a sign-in through the stand-in. */
  signedIn?: boolean
  /** The member before their wallets are added; by default a phone-only member. */
  member?: CharterUser
  /** The address the browser's session signed in with; by default the member's phone, if they have one. */
  signedInWith?: 'phone' | 'email'
  /** Addresses of wallets another account holds: linking one is refused (`linked_to_another_user`). */
  walletsOfOthers?: string[]
  /** The member's passkeys to start with (`passkeyRow`); none by default. */
  passkeys?: PasskeyRow[]
  /** The account's held requests to start with; none by default. */
  heldActions?: HeldActionRow[]
  /** When this session's new-device hold ends (Unix seconds); none by default. */
  holdEndsAt?: number
}

export type WalletServer = {
  /** Routes for `stubApi`. */
  routes: StubRoutes
  /** The EVM wallet's key: the stand-in signs with it as the server would. */
  account: PrivateKeyAccount
  /** The keystore file an export of the EVM wallet's key answers (its cipher text is not the key's). */
  keystore: Keystore
  /** The member as the server has them now (links and changes included). */
  readonly user: CharterUser
  /** Whether the browser's session is live. */
  readonly signedIn: boolean
  /** The key the session is bound to (at most one: a session keeps its first). */
  registeredKeys: string[]
  /** Every wallet request whose signature checked out. */
  rpcCalls: RpcCall[]
  /** Every signed request the stand-in refused for its signature. */
  refused: ApiCall[]
  /**
   * The server's `signedRequest` for another stand-in's routes (the organisations'): the call passes on to
   * `handle` only when signed with the session's key over its method, URL and body, and is refused as the server
   * refuses an unsigned organisation change otherwise.
   */
  signedRoute: (handle: ApiHandler) => ApiHandler
  /** Every confirmation code it sent, oldest first. */
  stepUps: StepUp[]
  /** Every Reject the web reported (`POST /wallets/{id}/decline`, signed), oldest first. */
  declines: { walletId: string; method: string }[]
  /** The member's live sessions, most recently used first: this browser's, then another device's. */
  sessions: SessionRow[]
  /** The account's sensitive actions, newest first. */
  events: AccountEvent[]
  /** Every send made (`eth_sendTransaction`, `signAndSendTransaction`), newest first; a test moves their status. */
  sends: SendRow[]
  /** The idempotency key of each send, by hash. */
  sendKeys: Map<string, string>
  /** Each EVM send's signed transaction, by hash, as the server broadcast it. */
  signedSends: Map<string, Hex>
  /** The member's passkeys, oldest first (added, renamed and removed through the routes). */
  passkeys: PasskeyRow[]
  /** The account's held requests (`GET /held_actions`); a passkey releases one. */
  heldActions: HeldActionRow[]
  /** What each passkey confirmation that checked out was for ('sign_in', 'export:…', 'held:…', 'unlink:…'), oldest first. */
  passkeyProofs: string[]
}

const quantity = (value: unknown) => (value === undefined ? undefined : hexToBigInt(value as Hex))
const maxRequestLifetimeMs = 30 * 60_000
const expiresAt = () => toUnixSeconds(Date.now()) + 600
const wrongCode = () =>
  refuse(
    { error: 'That code is not right. Check it and try again (4 tries left).', code: 'invalid_credentials' },
    401,
  )
const signInFirst = () => refuse({ error: 'Please sign in first.', code: 'must_be_authenticated' }, 401)
/** A stand-in's handler whose success answers `Body`. */
type Stand<Body> = (
  call: ApiCall,
  params?: Record<string, string>,
) => StubReply<Body> | Promise<StubReply<Body>>
type Handler<Route extends ApiRoute> = StubHandler<Route>
/** Only the routes of these wallets (or sessions) are stood in for; another id is no route at all. */
const onlyFor =
  <Body>(ids: string[], handle: Stand<Body>): Stand<Body> =>
  (call, params = {}) =>
    ids.includes(params.id ?? '') ? handle(call, params) : noStub(call)

/**
 * Charter's API as the browser meets it, at the network boundary, as docs/wallets.md describes it: a sign-in binds
 * the session to the `authorization_key` it sends; wallet requests and account changes (link, update, step-up) are
 * signed, and their `privy-authorization-signature` is checked against the session's key exactly as the server
 * does (node:crypto over core's `authorizationPayload`), with a `privy-request-expiry` at most 30 minutes ahead; a
 * change needs a code to the new address and a step-up code to an address the account has. It signs with a real
 * secp256k1 key (viem), so what the web makes of the answers can be verified. Each route answers what the server
 * answers it (`StubRoutes`, typed by the server's `AppType`), so a stand-in that drifts from the server fails the
 * typecheck.
 */
export function walletServer(options: WalletServerOptions = {}): WalletServer {
  const appId = options.appId ?? 'charter-test'
  const account = privateKeyToAccount(generatePrivateKey())
  const keystore: Keystore = {
    version: 3,
    id: '00000000-0000-4000-8000-000000000000',
    address: account.address.slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: '0'.repeat(32) },
      ciphertext: 'ab'.repeat(32),
      kdf: 'scrypt',
      kdfparams: { n: 131_072, r: 8, p: 1, dklen: 32, salt: '0'.repeat(64) },
      mac: '0'.repeat(64),
    },
  }
  const member = options.member ?? phoneUser
  let user: CharterUser = {
    ...member,
    linked_accounts: [
      ...member.linked_accounts,
      embedded(evmWalletId, account.address, 'ethereum'),
      embedded(solanaWalletId, solanaAddress, 'solana'),
    ],
  }
  let signedIn = options.signedIn ?? true
  const registeredKeys: string[] = options.sessionKey ? [options.sessionKey] : []
  const rpcCalls: RpcCall[] = []
  const refused: ApiCall[] = []
  const stepUps: StepUp[] = []
  const declines: { walletId: string; method: string }[] = []
  const now = () => toUnixSeconds(Date.now())
  const signedInWith =
    options.signedInWith ?? (member.linked_accounts.some((each) => each.type === 'phone') ? 'phone' : 'email')
  const sessions: SessionRow[] = [
    {
      id: thisSessionId,
      current: true,
      user_agent: chromeOnLinux,
      client_address: '127.0.0.1',
      created_at: now() - 3600,
      last_seen_at: now(),
      expires_at: now() + 7 * 86_400,
      has_device_key: true,
      signed_in_with: signedInWith,
    },
    {
      id: otherSessionId,
      current: false,
      user_agent: safariOnIphone,
      client_address: '203.0.113.7',
      created_at: now() - 3 * 86_400,
      last_seen_at: now() - 86_400,
      expires_at: now() + 6 * 86_400,
      has_device_key: true,
      signed_in_with: signedInWith,
    },
  ]
  const events: AccountEvent[] = []
  const sends: SendRow[] = []
  const sendKeys = new Map<string, string>()
  const signedSends = new Map<string, Hex>()
  const recordSend = (
    key: string,
    send: { walletId: string; caip2: string; hash: string; to: string; value: string },
  ) => {
    sendKeys.set(send.hash, key)
    sends.unshift({
      id: `00000000-0000-4000-8000-${String(sends.length + 1).padStart(12, '0')}`,
      wallet_id: send.walletId,
      caip2: send.caip2,
      hash: send.hash,
      nonce: sends.length,
      to: send.to,
      value: send.value,
      token: null,
      status: 'pending',
      reason: null,
      block_number: null,
      explorer_url: null,
      created_at: now(),
      updated_at: now(),
    })
  }
  let eventCount = 0
  let frozenUntil: number | undefined
  const freezeState = () =>
    frozenUntil === undefined
      ? { frozen: false as const, frozen_at: null, ends_at: null, lift: null }
      : { frozen: true as const, frozen_at: now(), ends_at: frozenUntil, lift: null }
  const recordEvent = (kind: AccountEvent['kind'], summary: string) => {
    eventCount += 1
    events.unshift({ id: eventCount, kind, summary, created_at: now() })
  }
  const activity: ActivityLine[] = []
  const recordActivity = (kind: ActivityLine['kind'], method: string, summary: string) => {
    activity.unshift({
      id: activity.length + 1,
      wallet_id: evmWalletId,
      address: account.address,
      chain_type: 'ethereum',
      kind,
      method,
      digest: '0'.repeat(64),
      summary,
      decision: kind === 'signature' ? 'a trusted device' : null,
      created_at: now(),
      send: null,
    })
  }

  const addressOf = (kind: 'phone' | 'email'): string | undefined => {
    for (const linked of user.linked_accounts) {
      if (kind === 'phone' && linked.type === 'phone') return linked.phoneNumber
      if (kind === 'email' && linked.type === 'email') return linked.address
    }
    return undefined
  }
  const verified = { verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
  const withAddress = (kind: 'phone' | 'email', address: string): CharterUser => ({
    ...user,
    linked_accounts: [
      ...user.linked_accounts.filter((linked) => linked.type !== kind),
      kind === 'phone'
        ? { type: 'phone', phoneNumber: address, ...verified }
        : { type: 'email', address, ...verified },
    ],
  })

  /** The server's `signedRequest`: a session, app id, expiry, then the signature over the canonical payload. */
  const signed =
    <Body>(refusal: 'wallet' | 'account' | 'organization', handle: Stand<Body>): Stand<Body> =>
    (call, params) => {
      if (!signedIn) return signInFirst()
      const refuseKey = (message: string) =>
        refusal === 'wallet'
          ? refuse({ error: message, code: 4100 }, 401)
          : refuse({ error: message, code: 'missing_or_invalid_mfa' }, 401)
      const key = registeredKeys[0]
      if (call.headers['privy-app-id'] !== appId) {
        return refuse(
          { error: `Send the header privy-app-id: ${appId}.`, code: 'missing_or_invalid_privy_app_id' },
          400,
        )
      }
      const expiry = call.headers['privy-request-expiry']
      if (expiry === undefined) {
        return refuse({ error: 'privy-request-expiry: required.', code: -32600 }, 400)
      }
      if (Number(expiry) <= Date.now()) return refuse({ error: 'This request expired.', code: -32600 }, 400)
      if (Number(expiry) > Date.now() + maxRequestLifetimeMs) {
        return refuse({ error: 'privy-request-expiry: must be at most 30 minutes ahead.', code: -32600 }, 400)
      }
      if (!key) {
        return refuseKey(
          'This session has no device key, so it cannot make this request. Sign out and sign in again on this device.',
        )
      }
      const payload = authorizationPayload({
        method: call.method as AuthorizationMethod,
        url: `${window.location.origin}${call.path}`,
        body: call.body ?? {},
        headers: {
          'privy-app-id': appId,
          ...(call.headers['privy-idempotency-key'] !== undefined && {
            'privy-idempotency-key': call.headers['privy-idempotency-key'],
          }),
          'privy-request-expiry': expiry,
        },
      })
      const signature = call.headers['privy-authorization-signature'] ?? ''
      const publicKey = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' })
      if (
        !verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'))
      ) {
        refused.push(call)
        return refuseKey(
          "This request needs the signature of this session's device key (privy-authorization-signature), and it is missing or does not match.",
        )
      }
      return handle(call, params)
    }

  // The action whose step-up code waits, as the server keeps one per session and action; a right one is used up.
  let stepUpWaiting: StepUpAction | undefined
  /** The server's step-up check: undefined when `code` is right (and now used), else its refusal. */
  const checkStepUp = (action: StepUpAction, code: unknown): Refused | undefined => {
    if (stepUpWaiting !== action) {
      return refuse(
        {
          error: 'There is no code waiting for this address, or it was already used. Ask for a new code.',
          code: 'invalid_credentials',
        },
        401,
      )
    }
    if (code !== rightStepUpCode) return wrongCode()
    stepUpWaiting = undefined
    return undefined
  }

  const authenticate =
    (kind: 'phone' | 'email'): Handler<'POST /api/v1/passwordless_sms/authenticate'> =>
    (call) => {
      const body = call.body as {
        phoneNumber?: string
        email?: string
        code: string
        authorization_key?: string
      }
      if (body.code !== rightCode) return wrongCode()
      const address = kind === 'phone' ? body.phoneNumber : body.email
      if (address && addressOf(kind) !== address) user = withAddress(kind, address)
      signedIn = true
      const current = sessions.find((session) => session.current)
      if (current) current.signed_in_with = kind
      // A new session: born bound to the key that came with the code, or to none.
      registeredKeys.length = 0
      if (body.authorization_key) registeredKeys.push(body.authorization_key)
      stepUpWaiting = undefined
      return answer({
        user,
        token: 'eyJ.test.token',
        refresh_token: 'refresh',
        is_new_user: false,
        session_update_action: 'set',
      })
    }

  // Wallet sign-in: a nonce per address from init, used up by the signed message that names it.
  const walletNonces = new Map<string, string>()
  const walletInit: Handler<'POST /api/v1/siwe/init'> = (call) => {
    const { address } = call.body as { address: string }
    const nonce = `n${walletNonces.size}${Math.random().toString(36).slice(2, 12)}`
    walletNonces.set(address, nonce)
    return answer({ nonce, address, expires_at: expiresAt() })
  }
  type WalletBody = {
    message: string
    signature: string
    walletClientType: string
    authorization_key?: string
  }
  const badSignature = () =>
    refuse(
      {
        error:
          'The signature does not match the message and the wallet’s address. Sign again with the wallet named in the message.',
        code: 'invalid_credentials',
      },
      401,
    )
  /** The wallet's address when its message is signed and names the nonce init gave it (then used up). */
  const proveWallet = async (family: 'ethereum' | 'solana', body: WalletBody) => {
    const proved = await verifyWalletSignIn(family, body.message, body.signature)
    if (!proved || walletNonces.get(proved.address) !== proved.nonce) return undefined
    walletNonces.delete(proved.address)
    return proved.address
  }
  const addWallet = (family: 'ethereum' | 'solana', address: string, body: WalletBody) => {
    if (user.linked_accounts.some((each) => each.type === 'wallet' && each.address === address)) return
    const wallet: LinkedAccount = {
      type: 'wallet',
      address,
      chain_type: family,
      wallet_client_type: body.walletClientType,
      connector_type: 'injected',
      ...verified,
    }
    user = { ...user, linked_accounts: [...user.linked_accounts, wallet] }
  }
  const walletSignIn =
    (family: 'ethereum' | 'solana'): Handler<'POST /api/v1/siwe/authenticate'> =>
    async (call) => {
      const body = call.body as WalletBody
      const address = await proveWallet(family, body)
      if (!address) return badSignature()
      addWallet(family, address, body)
      signedIn = true
      registeredKeys.length = 0
      if (body.authorization_key) registeredKeys.push(body.authorization_key)
      return answer({
        user,
        token: 'eyJ.test.token',
        refresh_token: 'refresh',
        is_new_user: false,
        session_update_action: 'set',
      })
    }
  const walletLink = (family: 'ethereum' | 'solana'): Handler<'POST /api/v1/siwe/link'> =>
    signed('account', async (call) => {
      const body = call.body as WalletBody
      const address = await proveWallet(family, body)
      if (!address) return badSignature()
      if (options.walletsOfOthers?.includes(address)) {
        return refuse(
          {
            error:
              'This wallet is already linked to another Charter account. Sign in with it there, or unlink it from that account first.',
            code: 'linked_to_another_user',
          },
          409,
        )
      }
      addWallet(family, address, body)
      return answer(user)
    })
  const walletUnlink = (family: 'ethereum' | 'solana'): Handler<'POST /api/v1/siwe/unlink'> =>
    signed('account', (call) => {
      const { address } = call.body as { address: string }
      const isIt = (each: LinkedAccount) =>
        each.type === 'wallet' && each.chain_type === family && each.address === address
      const waysIn = user.linked_accounts.filter(
        (each) =>
          each.type === 'phone' || each.type === 'email' || (each.type === 'wallet' && !isEmbedded(each)),
      )
      if (waysIn.length === 1 && waysIn.some(isIt)) {
        return refuse(
          {
            error:
              'This wallet is the last way to sign in to your account, so it cannot be unlinked. Link a phone number, an email address or another wallet first.',
            code: 'invalid_data',
          },
          400,
        )
      }
      user = { ...user, linked_accounts: user.linked_accounts.filter((each) => !isIt(each)) }
      return answer(user)
    })

  const link = (kind: 'phone' | 'email'): Handler<'POST /api/v1/passwordless_sms/link'> =>
    signed('account', (call) => {
      const body = call.body as { phoneNumber?: string; email?: string; code: string }
      if (body.code !== rightCode) return wrongCode()
      const added = (kind === 'phone' ? body.phoneNumber : body.email) as string
      user = withAddress(kind, added)
      recordEvent('address_added', `Added ${kind === 'phone' ? 'phone number' : 'email address'} ${added}`)
      return answer(user)
    })

  const update = (kind: 'phone' | 'email'): Handler<'POST /api/v1/passwordless_sms/update'> =>
    signed('account', (call) => {
      const body = call.body as Record<string, string | undefined>
      const action = kind === 'phone' ? 'update_phone' : 'update_email'
      if (body.step_up_code === undefined) {
        return refuse(
          {
            error: `Changing your ${kind === 'phone' ? 'phone number' : 'email address'} needs a code sent to an address your account already has: ask for it with POST /api/v1/step_up/init {"action": "${action}"} and send it as step_up_code.`,
            code: 'missing_or_invalid_mfa',
          },
          401,
        )
      }
      // As the server does: the step-up code first (used up when right), then the new address's.
      const refusal = checkStepUp(action, body.step_up_code)
      if (refusal) return refusal
      if (body.code !== rightCode) return wrongCode()
      const to = kind === 'phone' ? body.new_phone_number : body.newAddress
      user = withAddress(kind, to as string)
      recordEvent(
        'address_changed',
        `Changed ${kind === 'phone' ? 'phone number' : 'email address'} to ${to}`,
      )
      return answer(user)
    })

  const stepUpInit: Handler<'POST /api/v1/step_up/init'> = (call) => {
    const { action, via: asked } = call.body as { action: StepUpAction; via?: 'phone' | 'email' }
    const changing = action === 'update_email' ? 'email' : 'phone'
    const other = changing === 'phone' ? 'email' : 'phone'
    const via = asked ?? (addressOf(other) ? other : changing)
    const address = addressOf(via)
    if (!address) {
      return refuse(
        {
          error: `via: your account has no ${via === 'phone' ? 'phone number' : 'email address'}.`,
          code: 'invalid_data',
        },
        400,
      )
    }
    stepUps.push({ action, via })
    stepUpWaiting = action
    return answer({
      success: true,
      via,
      sent_to: via === 'phone' ? maskPhoneNumber(address) : address,
      expires_at: expiresAt(),
    })
  }
  const signedStepUp = signed('account', stepUpInit)

  const exportAnswer: Handler<'POST /api/v1/wallets/:id/export'> = signed('wallet', (call, params) => {
    const { code, format, passkey } = call.body as { code?: string; format: string } & ProofBody
    if (passkey) {
      const refusal = checkPasskey(passkey.authenticator_response, `export:${params?.id}`)
      if (refusal) return refusal
    } else if (code !== rightCode) {
      return refuse(
        {
          error: 'That code is not right. Check it and try again (4 tries left).',
          code: 'invalid_credentials',
        },
        401,
      )
    }
    if (params?.id === solanaWalletId) {
      return answer({
        format: 'private_key',
        encoding: 'base58',
        private_key: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
      })
    }
    return format === 'keystore'
      ? answer({
          format: 'keystore',
          keystore,
          passphrase: 'apple-banjo-cedar-delta-ember-fjord',
        })
      : answer({ format: 'private_key', encoding: 'hex', private_key: `0x${'ab'.repeat(32)}` })
  })

  /** `POST /sessions/{id}/logout`: ends one live session of the member's; this one signs the browser out. */
  const endSession: Handler<'POST /api/v1/sessions/:id/logout'> = (_call, { id } = {}) => {
    if (!signedIn) return signInFirst()
    const index = sessions.findIndex((session) => session.id === id)
    if (index < 0) {
      return refuse(
        { error: 'There is no such session of yours, or it has ended already.', code: 'invalid_data' },
        400,
      )
    }
    const [ended] = sessions.splice(index, 1)
    recordEvent(
      'signed_out_session',
      `Signed out ${id === thisSessionId ? 'this session' : describeUserAgent(ended?.user_agent, { inSentence: true })}`,
    )
    if (id === thisSessionId) {
      signedIn = false
      registeredKeys.length = 0
    }
    return answer({ success: true })
  }

  // Passkeys, as passkeys/passkeys.ts answers them: each challenge is issued for one purpose and used up by the
  // answer that carries it (its client data), from one of the member's own credentials.
  // Copies: the stand-in changes its rows (a rename, a release), never a test's fixtures.
  const passkeys: PasskeyRow[] = (options.passkeys ?? []).map((each) => ({ ...each }))
  const heldActions: HeldActionRow[] = (options.heldActions ?? []).map((each) => ({ ...each }))
  const passkeyProofs: string[] = []
  const challenges = new Map<string, string>()
  const issue = (purpose: string) => {
    const challenge = `Y2hhbGxlbmdl${challenges.size}${Math.random().toString(36).slice(2, 10)}`
    challenges.set(challenge, purpose)
    return challenge
  }
  const passkeyRefused = (message: string) => refuse({ error: message, code: 'invalid_credentials' }, 401)
  /** The refusal of a passkey's answer, or undefined when it answers a challenge issued for `purpose` (now used up). */
  const checkPasskey = (
    proof: { id: string; response: { client_data_json: string } },
    purpose: string,
  ): Refused | undefined => {
    const challenge = challengeOf(proof.response.client_data_json)
    if (challenges.get(challenge) !== purpose) {
      return passkeyRefused(
        'The passkey’s answer could not be verified (its challenge). Try again with your passkey, on this site.',
      )
    }
    challenges.delete(challenge)
    const row = passkeys.find((each) => each.credential_id === proof.id)
    if (!row) {
      return passkeyRefused(
        purpose === 'sign_in'
          ? 'This passkey is not on any Charter account here: it may have been removed. Sign in with your phone number or email address, then add a passkey on the Security page.'
          : 'This passkey is not one of your account’s: use a passkey you added on the Security page.',
      )
    }
    row.latest_verified_at = now()
    passkeyProofs.push(purpose)
    return undefined
  }
  const proofOptions = (purpose: string) => ({
    challenge: issue(purpose),
    timeout: 120_000,
    rp_id: 'localhost',
    allow_credentials: passkeys.map((each) => ({
      type: 'public-key',
      id: each.credential_id,
      transports: ['internal'],
    })),
    user_verification: 'required' as const,
  })
  type ProofBody = { passkey?: { authenticator_response: WireAuthenticationResponse } }

  const routes: StubRoutes = {
    'GET /api/health': () => answer({ status: 'ok', version: '0.1.0', mode: 'embedded', appId, parts: {} }),
    'GET /api/v1/users/me': () => (signedIn ? answer({ user }) : signInFirst()),
    'POST /api/v1/passwordless_sms/init': () => answer({ success: true, expires_at: expiresAt() }),
    'POST /api/v1/passwordless/init': () => answer({ success: true, expires_at: expiresAt() }),
    'POST /api/v1/passwordless_sms/authenticate': authenticate('phone'),
    'POST /api/v1/passwordless/authenticate': authenticate('email'),
    'POST /api/v1/siwe/init': walletInit,
    'POST /api/v1/siws/init': walletInit,
    'POST /api/v1/siwe/authenticate': walletSignIn('ethereum'),
    'POST /api/v1/siws/authenticate': walletSignIn('solana'),
    'POST /api/v1/siwe/link': walletLink('ethereum'),
    'POST /api/v1/siws/link': walletLink('solana'),
    'POST /api/v1/siwe/unlink': walletUnlink('ethereum'),
    'POST /api/v1/siws/unlink': walletUnlink('solana'),
    'POST /api/v1/sessions/authorization_key': (call) => {
      if (!signedIn) return signInFirst()
      const { public_key, code } = call.body as { public_key: string; code?: string }
      if (registeredKeys[0] === public_key) return answer({ success: true })
      if (registeredKeys.length > 0) {
        return refuse(
          {
            error: 'This session already has a device key. Sign out and sign in again to use another device.',
            code: 'invalid_data',
          },
          400,
        )
      }
      if (code === undefined) {
        return refuse(
          {
            error:
              'This session was started without a device key. To add one, confirm it with a code: ask for one with POST /api/v1/step_up/init {"action": "register_key"} and send it here as code.',
            code: 'missing_or_invalid_mfa',
          },
          401,
        )
      }
      const refusal = checkStepUp('register_key', code)
      if (refusal) return refusal
      registeredKeys.push(public_key)
      return answer({ success: true })
    },
    'POST /api/v1/step_up/init': (call) => {
      if (!signedIn) return signInFirst()
      const { action } = call.body as { action: StepUpAction }
      // Only binding a first key is asked for with the session alone; a change is signed.
      if (action !== 'register_key') return signedStepUp(call)
      if (registeredKeys.length > 0) {
        return refuse({ error: 'This session already has a device key.', code: 'invalid_data' }, 400)
      }
      return stepUpInit(call)
    },
    'POST /api/v1/passwordless_sms/link': link('phone'),
    'POST /api/v1/passwordless/link': link('email'),
    'POST /api/v1/passwordless_sms/update': update('phone'),
    'POST /api/v1/passwordless/update': update('email'),
    'POST /api/v1/sessions/logout': (call) => {
      if (signedIn && (call.body as { everywhere?: boolean } | undefined)?.everywhere) {
        recordEvent('signed_out_everywhere', `Signed out everywhere (${sessions.length} sessions)`)
        sessions.length = 0
      }
      signedIn = false
      registeredKeys.length = 0
      return answer({ success: true, session_update_action: 'clear' })
    },
    'GET /api/v1/sessions': () => (signedIn ? answer({ sessions }) : signInFirst()),
    // This device is not within a new-device hold, and nothing waits (a test that needs one answers its own).
    'GET /api/v1/held_actions': () =>
      signedIn
        ? answer({ hold_ends_at: options.holdEndsAt ?? null, held_actions: heldActions, budget: [] })
        : signInFirst(),
    'GET /api/v1/passkeys': () => (signedIn ? answer({ passkeys }) : signInFirst()),
    'POST /api/v1/passkeys/link/init': () => {
      if (!signedIn) return signInFirst()
      return answer({
        relying_party: 'localhost',
        options: {
          rp: { name: 'Charter', id: 'localhost' },
          user: {
            id: 'dXNlcg',
            name: addressOf('email') ?? addressOf('phone') ?? '',
            display_name: 'Member',
          },
          challenge: issue('link'),
          pub_key_cred_params: [{ type: 'public-key', alg: -7 }],
          timeout: 120_000,
          exclude_credentials: passkeys.map((each) => ({ type: 'public-key', id: each.credential_id })),
          authenticator_selection: { resident_key: 'required', user_verification: 'required' },
          attestation: 'none',
          extensions: { cred_props: { rk: true } },
        },
      })
    },
    'POST /api/v1/passkeys/link': signed('account', (call) => {
      const { authenticator_response: response, name } = call.body as {
        authenticator_response: WireRegistrationResponse
        name?: string
      }
      const challenge = challengeOf(response.response.client_data_json)
      if (challenges.get(challenge) !== 'link')
        return passkeyRefused('The passkey’s answer could not be verified.')
      challenges.delete(challenge)
      if (passkeys.some((each) => each.credential_id === response.id)) {
        return refuse(
          {
            error: 'This passkey is added already. Each passkey is added once.',
            code: 'linked_to_another_user',
          },
          409,
        )
      }
      const chosen = name ?? 'Passkey'
      passkeys.push(passkeyRow(response.id, chosen, { verified_at: now(), first_verified_at: now() }))
      recordEvent('passkey_added', `Added the passkey “${chosen}”`)
      return answer(user)
    }),
    'PATCH /api/v1/passkeys/:credential_id': signed('account', (call, params) => {
      const row = passkeys.find((each) => each.credential_id === params?.credential_id)
      if (!row)
        return refuse({ error: 'There is no such passkey on your account.', code: 'invalid_data' }, 400)
      row.name = (call.body as { name: string }).name
      return answer(row)
    }),
    'POST /api/v1/passkeys/unlink': signed('account', (call) => {
      const { credential_id, passkey } = call.body as { credential_id: string } & ProofBody
      const index = passkeys.findIndex((each) => each.credential_id === credential_id)
      const row = passkeys[index]
      if (!row)
        return refuse({ error: 'There is no such passkey on your account.', code: 'invalid_data' }, 400)
      if (!passkey) {
        // As the server answers a removal without a passkey: held for the new-device hold's length.
        return Response.json(
          {
            error: `Removing a passkey without a passkey waits 24 hours: it will happen at 2026-01-02 10:00 UTC, unless you cancel it. Your addresses were told. To remove it now, confirm with one of your passkeys.`,
            code: 'action_held',
            held_action: { id: '9c3d4e5f-8a51-4c8e-9d7e-1f2a3b4c5d6e', opens_at: now() + 86_400 },
          },
          { status: 403 },
        ) as Refused
      }
      const refusal = checkPasskey(passkey.authenticator_response, `unlink:${credential_id}`)
      if (refusal) return refusal
      passkeys.splice(index, 1)
      recordEvent('passkey_removed', `Removed the passkey “${row.name}”`)
      return answer(user)
    }),
    'POST /api/v1/passkeys/proof/init': (call) => {
      if (!signedIn) return signInFirst()
      if (passkeys.length === 0) {
        return refuse(
          { error: 'Your account has no passkey. Add one on the Security page first.', code: 'invalid_data' },
          400,
        )
      }
      const { action } = call.body as {
        action:
          | { type: 'held_action'; id: string }
          | { type: 'export'; wallet_id: string }
          | { type: 'unlink'; credential_id: string }
      }
      if (action.type === 'held_action') {
        const held = heldActions.find((each) => each.id === action.id && each.status === 'held')
        if (!held) {
          return refuse(
            {
              error:
                'There is no such held request on your account: it may have been cancelled, or gone ahead.',
              code: 'invalid_data',
            },
            400,
          )
        }
        return answer({
          relying_party: 'localhost',
          options: proofOptions(`held:${held.id}`),
          action: held.summary,
        })
      }
      if (action.type === 'export') {
        return answer({
          relying_party: 'localhost',
          options: proofOptions(`export:${action.wallet_id}`),
          action: `Export the key of your wallet ${action.wallet_id}`,
        })
      }
      const row = passkeys.find((each) => each.credential_id === action.credential_id)
      if (!row)
        return refuse({ error: 'There is no such passkey on your account.', code: 'invalid_data' }, 400)
      return answer({
        relying_party: 'localhost',
        options: proofOptions(`unlink:${row.credential_id}`),
        action: `Remove the passkey “${row.name}”`,
      })
    },
    'POST /api/v1/held_actions/:id/lift': signed('account', (call, params) => {
      const held = heldActions.find((each) => each.id === params?.id && each.status === 'held')
      const { passkey } = call.body as Required<ProofBody>
      const refusal = checkPasskey(passkey.authenticator_response, `held:${params?.id}`)
      if (refusal) return refusal
      if (!held) {
        return refuse(
          {
            error: 'This request is no longer held: it was cancelled, or went ahead already.',
            code: 'invalid_data',
          },
          400,
        )
      }
      Object.assign(held, { status: 'ready', opens_at: now(), lifted_at: now() })
      recordEvent('held_action_lifted', `Released at once with your passkey: ${held.summary}`)
      return answer({
        success: true,
        held_action: { id: held.id, kind: held.kind, summary: held.summary, opens_at: held.opens_at },
      })
    }),
    'POST /api/v1/passkeys/authenticate/init': () =>
      answer({
        relying_party: 'localhost',
        options: {
          challenge: issue('sign_in'),
          timeout: 120_000,
          rp_id: 'localhost',
          user_verification: 'required',
        },
      }),
    'POST /api/v1/passkeys/authenticate': (call) => {
      const body = call.body as {
        challenge: string
        authenticator_response: WireAuthenticationResponse
        authorization_key?: string
      }
      if (challengeOf(body.authenticator_response.response.client_data_json) !== body.challenge) {
        return refuse(
          {
            error: 'challenge: it is not the one the passkey answered. Sign in with your passkey again.',
            code: 'invalid_data',
          },
          400,
        )
      }
      const refusal = checkPasskey(body.authenticator_response, 'sign_in')
      if (refusal) return refusal
      signedIn = true
      // A new session, born bound to the key that came with the passkey's answer, as a code's sign-in.
      registeredKeys.length = 0
      if (body.authorization_key) registeredKeys.push(body.authorization_key)
      return answer({
        user,
        token: 'eyJ.test.token',
        refresh_token: 'refresh',
        is_new_user: false,
        session_update_action: 'set',
      })
    },
    'POST /api/v1/sessions/:id/logout': onlyFor([thisSessionId, otherSessionId], endSession),
    'GET /api/v1/users/me/events': () => (signedIn ? answer({ events }) : signInFirst()),
    // The freeze, as holds/accountFreeze.ts answers it: this device froze it, so it lifts it at once.
    'GET /api/v1/account/freeze': () => (signedIn ? answer(freezeState()) : signInFirst()),
    'POST /api/v1/account/freeze': signed('account', (call) => {
      const { hours } = call.body as { hours: number }
      frozenUntil = now() + hours * 3600
      recordEvent('account_frozen', 'Froze the account')
      return answer(freezeState())
    }),
    'POST /api/v1/account/freeze/lift': signed('account', () => {
      if (frozenUntil === undefined)
        return refuse({ error: 'Your account is not frozen.', code: 'invalid_data' }, 400)
      frozenUntil = undefined
      recordEvent('freeze_lifted', 'Lifted the freeze on the account')
      return answer(freezeState())
    }),
    'GET /api/v1/wallets/activity': (call) => {
      if (!signedIn) return signInFirst()
      // Pages as the server does: the lines older than `before`, `limit` (50) at a time, newest first.
      const limit = Number(call.query.limit ?? 50)
      const before = call.query.before === undefined ? undefined : Number(call.query.before)
      const older = before === undefined ? activity : activity.filter((line) => line.id < before)
      const page = older.slice(0, limit)
      return answer({
        activity: page,
        next_before: older.length > limit ? (page.at(-1)?.id ?? null) : null,
      })
    },
    'POST /api/v1/wallets/:id/decline': onlyFor(
      [evmWalletId],
      signed('wallet', (call) => {
        const { method } = call.body as { method: string }
        declines.push({ walletId: evmWalletId, method })
        recordActivity(
          'decline',
          method,
          method === 'personal_sign' ? 'Declined to sign a message' : 'Declined a request',
        )
        return answer({ success: true })
      }),
    ),
    'GET /api/v1/wallets/:id/sends': onlyFor([evmWalletId, solanaWalletId], (_call, params) =>
      answer({ data: sends.filter((send) => send.wallet_id === params?.id), next_before: null }),
    ),
    'GET /api/v1/wallets/:id/sends/:send_id': onlyFor([evmWalletId, solanaWalletId], (_call, params) => {
      const send = sends.find((one) => one.id === params?.send_id && one.wallet_id === params?.id)
      return send
        ? answer(send)
        : refuse({ error: 'There is no such send from this wallet.', code: 'not_found' }, 404)
    }),
    'POST /api/v1/wallets/:id/rpc': onlyFor(
      [evmWalletId, solanaWalletId],
      signed('wallet', async (call, routeParams) => {
        const { method, params, caip2 } = call.body as RpcCall
        rpcCalls.push({ method, params, ...(caip2 !== undefined && { caip2 }) })
        const sendKey = call.headers['privy-idempotency-key']
        if (method === 'eth_sendTransaction' || method === 'signAndSendTransaction') {
          if (sendKey === undefined || call.headers['privy-request-expiry'] === undefined) {
            return refuse({ error: `${method} needs both headers.`, code: -32600 }, 400)
          }
          const earlier = sends.find((send) => sendKeys.get(send.hash) === sendKey)
          if (earlier) return answer({ method, data: { caip2: earlier.caip2, hash: earlier.hash } } as never)
        }
        if (routeParams?.id === solanaWalletId) {
          if (method !== 'signAndSendTransaction') {
            return refuse({ error: `${method} is not a method of a Solana wallet here.`, code: 4200 }, 400)
          }
          const hash = `${'5'.repeat(20)}${(sends.length + 1).toString().padStart(4, '0')}${'x'.repeat(64)}`
          recordSend(sendKey as string, {
            walletId: solanaWalletId,
            caip2: caip2 ?? '',
            hash,
            to: '',
            value: '0',
          })
          return answer({ method, data: { caip2, hash } } as never)
        }
        recordActivity(
          'signature',
          method,
          method === 'personal_sign' ? 'Signed a message' : `Signed ${method}`,
        )
        switch (method) {
          case 'personal_sign': {
            const { message, encoding } = params as { message: string; encoding: 'hex' | 'utf-8' }
            const signature = await account.signMessage({
              message: encoding === 'hex' ? { raw: message as Hex } : message,
            })
            return answer({ method, data: { encoding: 'hex', signature } })
          }
          case 'eth_signTypedData_v4': {
            const { typed_data } = params as {
              typed_data: {
                domain: never
                types: Record<string, unknown>
                message: never
                primary_type: string
              }
            }
            const { EIP712Domain: _, ...types } = typed_data.types
            // The stand-in takes whatever typed data it is given, as the server does; viem checks it.
            const signature = await account.signTypedData({
              domain: typed_data.domain,
              types,
              message: typed_data.message,
              primaryType: typed_data.primary_type,
            } as unknown as Parameters<PrivateKeyAccount['signTypedData']>[0])
            return answer({ method, data: { encoding: 'hex', signature } })
          }
          case 'eth_signTransaction': {
            const { transaction: tx } = params as { transaction: Record<string, string | undefined> }
            const common = {
              chainId: Number(quantity(tx.chain_id)),
              to: tx.to as Hex | undefined,
              value: quantity(tx.value),
              data: tx.data as Hex | undefined,
              nonce: tx.nonce === undefined ? undefined : Number(quantity(tx.nonce)),
              gas: quantity(tx.gas_limit),
            }
            const transaction: TransactionSerializable =
              tx.gas_price !== undefined || tx.type === '0x0'
                ? { ...common, type: 'legacy', gasPrice: quantity(tx.gas_price) }
                : {
                    ...common,
                    type: 'eip1559',
                    maxFeePerGas: quantity(tx.max_fee_per_gas),
                    maxPriorityFeePerGas: quantity(tx.max_priority_fee_per_gas),
                  }
            const signed_transaction = await account.signTransaction(transaction)
            return answer({ method, data: { encoding: 'rlp', signed_transaction } })
          }
          case 'eth_sendTransaction': {
            const { transaction: tx } = params as { transaction: Record<string, string | undefined> }
            const signedSend = await account.signTransaction({
              chainId: Number(quantity(tx.chain_id)),
              to: tx.to as Hex,
              value: quantity(tx.value),
              data: tx.data as Hex | undefined,
              nonce: sends.filter((send) => send.wallet_id === evmWalletId).length,
              gas: quantity(tx.gas_limit) ?? 21_000n,
              type: 'eip1559',
              maxFeePerGas: quantity(tx.max_fee_per_gas) ?? 2_000_000_000n,
              maxPriorityFeePerGas: quantity(tx.max_priority_fee_per_gas) ?? 1_000_000_000n,
            })
            const hash = keccak256(signedSend)
            signedSends.set(hash, signedSend)
            recordSend(sendKey as string, {
              walletId: evmWalletId,
              caip2: caip2 ?? '',
              hash,
              to: tx.to ?? '',
              value: (quantity(tx.value) ?? 0n).toString(),
            })
            return answer({ method, data: { caip2: caip2 ?? '', hash } })
          }
          default:
            return refuse({ error: `${method} is not a method of an Ethereum wallet here.`, code: 4200 }, 400)
        }
      }),
    ),
    'POST /api/v1/wallets/:id/export/init': onlyFor(
      [evmWalletId, solanaWalletId],
      signed('wallet', () =>
        answer({
          success: true,
          via: 'phone',
          sent_to: '*2671',
          expires_at: toUnixSeconds(Date.now()) + 600,
        }),
      ),
    ),
    'POST /api/v1/wallets/:id/export': onlyFor([evmWalletId, solanaWalletId], exportAnswer),
  }
  return {
    routes,
    account,
    keystore,
    get user() {
      return user
    },
    get signedIn() {
      return signedIn
    },
    registeredKeys,
    rpcCalls,
    refused,
    signedRoute: (handle) => signed('organization', handle as Stand<unknown>) as ApiHandler,
    stepUps,
    declines,
    sessions,
    events,
    sends,
    sendKeys,
    signedSends,
    passkeys,
    heldActions,
    passkeyProofs,
  }
}

/**
 * The API's contract is the server's own type, `AppType`: every route with its input and its answers, which
 * the web (through `hc<AppType>`) and the server tests (`testing/ApiClient.ts`) read instead of types of
 * their own. This file pins the answers they rely on. Each `expectTypeOf(...).toEqualTypeOf<...>()` is a type
 * check that `npm run typecheck` runs (tsc includes the test files): a route that answers another shape, adds
 * or drops a field, or widens one (`session_update_action: string` instead of `'set'`) makes the two types
 * unequal, and the typecheck fails here, before the web or a test finds out. The `@ts-expect-error` lines
 * show that a shape that differs is indeed refused: were it accepted, the unused directive would fail the
 * typecheck. At run time the checks do nothing; the last test calls the real server through the same typed
 * client.
 */
import type { CharterUser } from '@charter/core'
import { hc, type InferRequestType, type InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { AppType } from './app.ts'
import type { Health } from './http/health.ts'
import type { AccountEventKind } from './members/accountEvents.ts'
import type { Colleague } from './organizations/colleagues.ts'
import type { AppConfig } from './serverApi/appConfig.ts'
import type { DeletedWallet } from './serverApi/userRecords.ts'
import { ApiClient, uniqueEmail } from './testing/ApiClient.ts'
import { startTestServer, type TestServer } from './testing/startTestServer.ts'

// Never called: the client only lends its types here.
const api = hc<AppType>('http://localhost').api
const v1 = api.v1

type SignedIn = {
  user: CharterUser
  token: string
  refresh_token: string
  is_new_user: boolean
  session_update_action: 'set'
}

describe('the sign-in answers', () => {
  it('sends a code and says when it expires, in either family', () => {
    type Sent = { success: true; expires_at: number }
    expectTypeOf<InferResponseType<typeof v1.passwordless_sms.init.$post, 200>>().toEqualTypeOf<Sent>()
    expectTypeOf<InferResponseType<typeof v1.passwordless.init.$post, 200>>().toEqualTypeOf<Sent>()
  })

  it('signs in with the user, the tokens and what the client does with its session', () => {
    type BySms = InferResponseType<typeof v1.passwordless_sms.authenticate.$post, 200>
    type ByEmail = InferResponseType<typeof v1.passwordless.authenticate.$post, 200>
    type Refreshed = InferResponseType<typeof v1.sessions.$post, 200>
    expectTypeOf<BySms>().toEqualTypeOf<SignedIn>()
    expectTypeOf<ByEmail>().toEqualTypeOf<SignedIn>()
    expectTypeOf<Refreshed>().toEqualTypeOf<SignedIn>()
    type Widened = Omit<SignedIn, 'session_update_action'> & { session_update_action: string }
    // @ts-expect-error: a widened field is a different answer.
    expectTypeOf<ByEmail>().toEqualTypeOf<Widened>()
    // @ts-expect-error: so is one without a field the clients read.
    expectTypeOf<ByEmail>().toEqualTypeOf<Omit<SignedIn, 'is_new_user'>>()
  })

  it('names each family’s fields as the login provider does', () => {
    type Purpose = 'sign-in' | 'link' | 'change'
    expectTypeOf<InferRequestType<typeof v1.passwordless_sms.init.$post>['json']>().toEqualTypeOf<{
      phoneNumber: string
      token?: string | undefined
      purpose?: Purpose | undefined
    }>()
    expectTypeOf<InferRequestType<typeof v1.passwordless.authenticate.$post>['json']>().toEqualTypeOf<{
      email: string
      code: string
      mode?: 'no-signup' | 'login-or-sign-up' | undefined
      authorization_key?: string | undefined
    }>()
    expectTypeOf<InferRequestType<typeof v1.passwordless_sms.update.$post>['json']>().toEqualTypeOf<{
      old_phone_number: string
      new_phone_number: string
      code: string
      step_up_code?: string | undefined
    }>()
    expectTypeOf<InferRequestType<typeof v1.passwordless.update.$post>['json']>().toEqualTypeOf<{
      oldAddress: string
      newAddress: string
      code: string
      step_up_code?: string | undefined
    }>()
  })

  it('answers an account change with the user', () => {
    expectTypeOf<InferResponseType<typeof v1.passwordless_sms.link.$post, 200>>().toEqualTypeOf<CharterUser>()
    expectTypeOf<InferResponseType<typeof v1.passwordless.update.$post, 200>>().toEqualTypeOf<CharterUser>()
  })
})

describe('the wallet sign-in answers (Sign-In with Ethereum and with Solana)', () => {
  it('answers a nonce, a sign-in as the code sign-in does, and an account change with the user', () => {
    type Nonce = { nonce: string; address: string; expires_at: number }
    expectTypeOf<InferResponseType<typeof v1.siwe.init.$post, 200>>().toEqualTypeOf<Nonce>()
    expectTypeOf<InferResponseType<typeof v1.siws.init.$post, 200>>().toEqualTypeOf<Nonce>()
    expectTypeOf<InferResponseType<typeof v1.siwe.authenticate.$post, 200>>().toEqualTypeOf<SignedIn>()
    expectTypeOf<InferResponseType<typeof v1.siws.authenticate.$post, 200>>().toEqualTypeOf<SignedIn>()
    expectTypeOf<InferResponseType<typeof v1.siwe.link.$post, 200>>().toEqualTypeOf<CharterUser>()
    expectTypeOf<InferResponseType<typeof v1.siws.unlink.$post, 200>>().toEqualTypeOf<CharterUser>()
  })

  it('names the fields as Privy’s clients send them, the chain as a number or text', () => {
    type Signed = { message: string; signature: string; walletClientType: string; connectorType: string }
    expectTypeOf<InferRequestType<typeof v1.siwe.authenticate.$post>['json']>().toEqualTypeOf<{
      message: string
      signature: string
      walletClientType: string
      connectorType: string
      chainId: string | number
      mode?: 'no-signup' | 'login-or-sign-up' | undefined
      authorization_key?: string | undefined
    }>()
    expectTypeOf<InferRequestType<typeof v1.siws.link.$post>['json']>().toEqualTypeOf<Signed>()
    expectTypeOf<InferRequestType<typeof v1.siwe.unlink.$post>['json']>().toEqualTypeOf<{ address: string }>()
  })
})

describe('the member’s answers', () => {
  it('gives the user, their sessions and their account’s events', () => {
    expectTypeOf<InferResponseType<typeof v1.users.me.$get, 200>>().toEqualTypeOf<{ user: CharterUser }>()
    expectTypeOf<InferResponseType<typeof v1.sessions.$get, 200>>().toEqualTypeOf<{
      sessions: {
        id: string
        user_agent: string | null
        client_address: string | null
        created_at: number
        last_seen_at: number
        expires_at: number
        has_device_key: boolean
        signed_in_with: 'phone' | 'email' | 'wallet' | 'passkey' | null
        current: boolean
      }[]
    }>()
    expectTypeOf<InferResponseType<typeof v1.users.me.events.$get, 200>>().toEqualTypeOf<{
      events: { id: number; kind: AccountEventKind; summary: string; created_at: number }[]
    }>()
  })

  it('says where a step-up code went, and answers the session routes plainly', () => {
    expectTypeOf<InferResponseType<typeof v1.step_up.init.$post, 200>>().toEqualTypeOf<{
      success: true
      via: 'phone' | 'email'
      sent_to: string
      expires_at: number
    }>()
    expectTypeOf<InferResponseType<typeof v1.sessions.logout.$post, 200>>().toEqualTypeOf<{
      success: true
      session_update_action: 'clear'
      /** Signed out everywhere from a new device: the older sessions' ending, held. */
      held_action?: { id: string; opens_at: number }
    }>()
    expectTypeOf<InferResponseType<(typeof v1.sessions)[':id']['logout']['$post'], 200>>().toEqualTypeOf<{
      success: true
    }>()
    expectTypeOf<InferResponseType<typeof v1.sessions.authorization_key.$post, 200>>().toEqualTypeOf<{
      success: true
    }>()
    expectTypeOf<InferResponseType<typeof v1.analytics_events.$post, 200>>().toEqualTypeOf<{
      success: true
      stored: boolean
    }>()
  })

  it('reports the server’s health in the shape the web reads', () => {
    expectTypeOf<InferResponseType<typeof api.health.$get, 200>>().toEqualTypeOf<Health>()
  })
})

describe('the server API’s answers', () => {
  it('answers the app configuration in its own shape, and a user as the member’s routes do', () => {
    expectTypeOf<InferResponseType<(typeof v1.apps)[':app_id']['$get'], 200>>().toEqualTypeOf<AppConfig>()
    expectTypeOf<InferResponseType<(typeof v1.users)[':id']['$get'], 200>>().toEqualTypeOf<CharterUser>()
    expectTypeOf<InferResponseType<typeof v1.users.email.address.$post, 200>>().toEqualTypeOf<CharterUser>()
    expectTypeOf<InferResponseType<typeof v1.users.phone.number.$post, 200>>().toEqualTypeOf<CharterUser>()
    expectTypeOf<InferResponseType<typeof v1.users.wallet.address.$post, 200>>().toEqualTypeOf<CharterUser>()
  })

  it('says which wallets a deletion destroyed, and whether each key had left Charter', () => {
    expectTypeOf<InferResponseType<(typeof v1.users)[':id']['$delete'], 200>>().toEqualTypeOf<{
      success: true
      deleted_wallets: DeletedWallet[]
    }>()
  })
})

describe('the colleagues a member may pay', () => {
  it('lists each with their name, shared organisations and first wallet on each kind of chain', () => {
    expectTypeOf<InferResponseType<typeof v1.organizations.colleagues.$get, 200>>().toEqualTypeOf<{
      colleagues: Colleague[]
    }>()
    expectTypeOf<Colleague>().toEqualTypeOf<{
      user_id: string
      label: string
      organizations: string[]
      wallets: { ethereum?: string; solana?: string }
    }>()
  })
})

describe('the typed client', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('reaches the routes its types name, and gets the answers they describe', async () => {
    const email = uniqueEmail()
    const me = new ApiClient(server.url)
    const signedIn = await me.signInByEmail(email)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    const answer = await me.client.api.v1.users.me.$get()
    expect(answer.status).toBe(200)
    const { user } = await answer.json()
    expect(user.id).toBe(signedIn.body.user.id)
    expect(user.linked_accounts[0]).toMatchObject({ type: 'email', address: email })
  })
})

describe('money received', () => {
  type Received = {
    chain_id: string
    asset: 'usdc' | 'native'
    symbol: string
    decimals: number
    amount: string
    from_address: string
    from: { user_id: string; label: string; organizations: string[] } | null
    tx_hash: string
    explorer_url: string | null
  }

  it('lists what arrived among the activity lines, and the news the home announces once', () => {
    type Line = InferResponseType<typeof v1.wallets.activity.$get, 200>['activity'][number]
    expectTypeOf<Line['kind']>().toEqualTypeOf<'signature' | 'export' | 'decline' | 'receive'>()
    expectTypeOf<NonNullable<Line['received']>>().toEqualTypeOf<Received>()
    type News = InferResponseType<typeof v1.wallets.received.news.$get, 200>
    expectTypeOf<keyof News>().toEqualTypeOf<'received'>()
    // Each piece of news is a receipt as the activity line carries it, with its line's id and time.
    expectTypeOf<Omit<News['received'][number], 'id' | 'created_at'>>().toEqualTypeOf<Received>()
    expectTypeOf<Pick<News['received'][number], 'id' | 'created_at'>>().toEqualTypeOf<{
      id: number
      created_at: number
    }>()
    expectTypeOf<InferRequestType<typeof v1.wallets.received.news.seen.$post>['json']>().toEqualTypeOf<{
      through: number
    }>()
    expectTypeOf<InferResponseType<typeof v1.wallets.received.news.seen.$post, 200>>().toEqualTypeOf<{
      ok: true
    }>()
  })
})

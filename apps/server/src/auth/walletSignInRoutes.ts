import { LoginError, toUnixSeconds } from '@charter/core'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { parseSiweMessage } from 'viem/siwe'
import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { addressChangeOf } from '../holds/addressChangeOf.ts'
import type { NewDeviceHold } from '../holds/newDeviceHold.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { jsonBody } from '../http/validate.ts'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import { parseAuthorizationKey } from '../members/deviceKeys.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession } from '../members/sessionMiddleware.ts'
import type { WalletClient, WalletIdentity } from '../members/users.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { AuthService } from './AuthService.ts'
import { signedIn } from './signedIn.ts'
import { issueSignInNonce } from './walletSignIn/signInNonces.ts'
import { signInSite } from './walletSignIn/signInSite.ts'
import { verifySiweSignIn } from './walletSignIn/verifySiweSignIn.ts'
import { verifySiwsSignIn } from './walletSignIn/verifySiwsSignIn.ts'
import type { WalletFamily } from './walletSignIn/WalletFamily.ts'
import { walletSignInSchemas } from './walletSignInSchemas.ts'

export type WalletSignInRoutesOptions = {
  auth: AuthService
  db: Db
  cookie: SessionCookie
  device: DeviceCookie
  pending: PendingKeys
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<AuthEnv>
  /** The chains a message may name; a smart-contract wallet's signature is checked on the chain's node. */
  chains: Chains
  /** PUBLIC_URL: the site a message must name (else the request's own). */
  publicUrl: URL | undefined
  /** How many proxies in front of the server to trust for the client address nonces are throttled by. */
  trustProxy: number
  /** A new device's link or unlink of a wallet waits its hold (holds/addressChangeOf.ts). */
  hold: NewDeviceHold
}

type Signed = { message: string; signature: string; walletClientType: string; connectorType: string }

/**
 * Sign-in with a wallet the member already holds, in Privy's shapes: Sign-In with Ethereum (EIP-4361) at
 * `/siwe/*` and Sign In With Solana at `/siws/*`, each an `init` (the nonce), `authenticate` (sign in or up),
 * `link` and `unlink` (signed with the device key, as the other account changes). The message and signature are
 * checked by `walletSignIn/`; these routes only turn a verified wallet into a session or an account change.
 */
export function walletSignInRoutes(options: WalletSignInRoutesOptions) {
  const { auth, db, cookie, device, pending, signed, chains } = options
  const site = (c: Context) => signInSite(options.publicUrl, c.req.url)

  async function init(c: Context<AuthEnv>, family: WalletFamily, address: string) {
    const issued = await issueSignInNonce(
      db,
      { family, address, client: clientAddress(c, options.trustProxy) },
      { limits: auth.walletNonceLimits },
    )
    return c.json({ nonce: issued.nonce, address, expires_at: toUnixSeconds(issued.expiresAt) })
  }

  /** The wallet a signed Ethereum message proves, on the chain the client says it signed on. */
  async function ethereumWallet(c: Context, body: Signed & { chainId: number }) {
    const wrongChain = (named: number | undefined) =>
      new LoginError('invalid_data', {
        message: `chainId ${body.chainId} is not the message’s Chain ID (${named ?? 'none'}). Send the chain the message names.`,
      })
    // Read first, so a client that sends another chain does not use up the nonce; the full check follows.
    const named = parseSiweMessage(body.message).chainId
    if (named !== undefined && named !== body.chainId) throw wrongChain(named)
    const verified = await verifySiweSignIn(db, chains, { ...body, site: site(c) })
    if (verified.chainId !== body.chainId) throw wrongChain(verified.chainId)
    return walletIdentity('ethereum', verified.address, body)
  }

  async function solanaWallet(c: Context, body: Signed) {
    const verified = await verifySiwsSignIn(db, chains, { ...body, site: site(c) })
    return walletIdentity('solana', verified.address, body)
  }

  async function authenticate(
    c: Context<AuthEnv>,
    body: { mode: 'no-signup' | 'login-or-sign-up'; authorization_key?: string | undefined },
    prove: () => Promise<WalletIdentity & WalletClient>,
  ) {
    const authorizationKey = body.authorization_key
    // Checked before the signature uses up the nonce, so a bad key costs the person nothing.
    if (authorizationKey !== undefined) parseAuthorizationKey(authorizationKey, 'authorization_key')
    const identity = await prove()
    const result = await auth.signInWithWallet({
      identity,
      mode: body.mode,
      clientAddress: clientAddress(c, options.trustProxy),
      userAgent: c.req.header('user-agent'),
      authorizationKey,
      // A key sent in the body wins; the frame's pending key is left for a sign-in that sends none.
      pendingKey: authorizationKey === undefined ? () => pending.take(c) : undefined,
      deviceToken: device.read(c),
    })
    return signedIn(c, cookie, result, device)
  }

  const { ethereum, solana } = walletSignInSchemas

  const siwe = new Hono<AuthEnv>()
    .post('/init', jsonBody(ethereum.init), (c) => init(c, 'ethereum', c.req.valid('json').address))
    .post('/authenticate', jsonBody(ethereum.authenticate), (c) => {
      const body = c.req.valid('json')
      return authenticate(c, body, () => ethereumWallet(c, body))
    })
    .post('/link', signed, jsonBody(ethereum.link, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      // Before the signature is looked at: a new device's new way in waits its hold.
      const change = addressChangeOf(session, 'link', 'wallet')
      await options.hold.assertNotHeld(change)
      const identity = await ethereumWallet(c, c.req.valid('json'))
      const user = await auth.linkWallet({ userId: session.userId, identity })
      await options.hold.complete(change)
      return c.json(user)
    })
    .post('/unlink', signed, jsonBody(ethereum.unlink, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      const { address } = c.req.valid('json')
      // Removing a way in waits too: the member's wallet is a sign-in the stranger does not hold.
      const change = addressChangeOf(session, 'unlink', 'wallet', address)
      await options.hold.assertNotHeld(change)
      const user = await auth.unlinkWallet({ userId: session.userId, chainType: 'ethereum', address })
      await options.hold.complete(change)
      return c.json(user)
    })

  const siws = new Hono<AuthEnv>()
    .post('/init', jsonBody(solana.init), (c) => init(c, 'solana', c.req.valid('json').address))
    .post('/authenticate', jsonBody(solana.authenticate), (c) => {
      const body = c.req.valid('json')
      return authenticate(c, body, () => solanaWallet(c, body))
    })
    .post('/link', signed, jsonBody(solana.link, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      // Before the signature is looked at: a new device's new way in waits its hold.
      const change = addressChangeOf(session, 'link', 'wallet')
      await options.hold.assertNotHeld(change)
      const identity = await solanaWallet(c, c.req.valid('json'))
      const user = await auth.linkWallet({ userId: session.userId, identity })
      await options.hold.complete(change)
      return c.json(user)
    })
    .post('/unlink', signed, jsonBody(solana.unlink, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      const { address } = c.req.valid('json')
      // Removing a way in waits too: the member's wallet is a sign-in the stranger does not hold.
      const change = addressChangeOf(session, 'unlink', 'wallet', address)
      await options.hold.assertNotHeld(change)
      const user = await auth.unlinkWallet({ userId: session.userId, chainType: 'solana', address })
      await options.hold.complete(change)
      return c.json(user)
    })

  return new Hono<AuthEnv>().route('/siwe', siwe).route('/siws', siws)
}

function walletIdentity(
  family: WalletFamily,
  address: string,
  client: WalletClient,
): WalletIdentity & WalletClient {
  return {
    kind: 'wallet',
    chainType: family,
    address,
    walletClientType: client.walletClientType,
    connectorType: client.connectorType,
  }
}

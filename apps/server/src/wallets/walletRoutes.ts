import {
  type AuthenticationResponseJSON,
  authenticationResponseFromWire,
  LoginError,
  maskPhoneNumber,
  oneTimeCodePattern,
  oneTimeCodeRules,
  shortenAddress,
  toUnixSeconds,
} from '@charter/core'
import { generatePassphrase } from '@charter/core/passphrase'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { assertNotFrozen } from '../holds/accountFreeze.ts'
import type { HeldActionRequest, NewDeviceHold } from '../holds/newDeviceHold.ts'
import { jsonBody, pathParams, queryParams, type Refusal } from '../http/validate.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import type { CodeFlows } from '../members/codeFlows.ts'
import { idempotency } from '../members/idempotency.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../members/sessionMiddleware.ts'
import { type SignedRequestVariables, signedRequest } from '../members/signedRequest.ts'
import { toLinkedAccount, type WalletRow } from '../members/walletAccounts.ts'
import { passkeyProof } from '../passkeys/passkeySchemas.ts'
import type { KeyVault } from './KeyVault.ts'
import { encryptKeystore, type KeystoreV3 } from './keystore.ts'
import type { WalletRpcRequest } from './methods/index.ts'
import { walletCall } from './methods/walletCall.ts'
import { runWalletCall } from './runWalletCall.ts'
import type { Sending } from './sends/Sending.ts'
import type { WalletAuth } from './WalletAuth.ts'
import { activityPage, activityRecorder, listActivity, removeActivity } from './walletActivity.ts'
import { solanaSecretKeyBase58 } from './walletKeys.ts'
import { walletCreator, walletFinder } from './walletStore.ts'
import { withWalletKey } from './withWalletKey.ts'

export type WalletRoutesOptions = {
  db: Db
  vault: KeyVault
  /** Step-up codes and the export cooldown: the sign-in service, given by the composition root. */
  auth: WalletAuth
  /** The new-device hold: a session younger than NEW_DEVICE_HOLD_HOURS cannot export at once. */
  hold: NewDeviceHold
  appId: string
  publicOrigin: string | undefined
  trustProxy: number
  /** Whose export codes are whose (see `http/codeFlows.ts`). */
  flows: CodeFlows
  maxWalletsPerChain: number
  /** The chains `eth_sendTransaction` sends to, and its fee cap (the composition root's). */
  sending: Omit<Sending, 'db'>
  /** Counts a session's recorded declines, refusing (429) past its limit (auth/declineLimit.ts). */
  limitDeclines(sessionId: string): Promise<void>
  /** Proves an export with the member's passkey instead of a code (passkeys/), or refuses. */
  proveExport(
    session: { sessionId: string; userId: string },
    walletId: string,
    response: AuthenticationResponseJSON,
  ): Promise<unknown>
}

const chainType = z.enum(['ethereum', 'solana'])

const schemas = {
  // Charter's `{request: {chain_type}}`, or Privy's `{chain_type}` as its clients send it: one or the other.
  create: z
    .strictObject({
      chain_type: chainType.optional(),
      request: z.strictObject({ chain_type: chainType }).optional(),
    })
    .superRefine((body, context) => {
      if ((body.chain_type === undefined) === (body.request === undefined)) {
        context.addIssue({
          code: 'custom',
          message:
            "send the chain type once, as {chain_type: 'ethereum' | 'solana'} or as {request: {chain_type}}",
        })
      }
    })
    .transform((body) => ({
      chain_type: (body.chain_type ?? body.request?.chain_type) as z.output<typeof chainType>,
    })),
  // Only the method's name is checked here: the wallet's own table checks the name (4200) and its params
  // (-32602). The route's input type still names every method with its params, for the callers' types.
  // Privy's `caip2` names the chain a send goes to (`eip155:84532`); the methods that need it check it.
  rpc: z.object({
    method: z.string().min(1).max(64),
    caip2: z.string().max(128).optional(),
    params: z.unknown(),
    // Privy's gas sponsorship: someone else pays the network fee (sponsor/).
    sponsor: z.boolean().optional(),
  }) as unknown as z.ZodType<
    { method: string; caip2?: string | undefined; params: unknown; sponsor?: boolean | undefined },
    WalletRpcRequest & { caip2?: string; sponsor?: boolean }
  >,
  exportInit: z.strictObject({}),
  exportHold: z.strictObject({}),
  // A page of activity: `before` an id from the page before, `limit` how many lines.
  activity: z.object({
    before: z
      .string({ error: 'must be given once' })
      .regex(/^[1-9]\d{0,14}$/, 'must be the id of an activity line')
      .transform(Number)
      .optional(),
    limit: z
      .string({ error: 'must be given once' })
      .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${activityPage.maxLimit}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, `must be a whole number from 1 to ${activityPage.maxLimit}`)
          .max(activityPage.maxLimit, `must be a whole number from 1 to ${activityPage.maxLimit}`),
      )
      .optional(),
  }),
  decline: z.strictObject({ method: z.string().regex(/^[A-Za-z_][\w]{0,63}$/, 'must be a method name') }),
  // A fresh code, or the member's passkey instead (passkeys/): one of the two.
  export: z
    .strictObject({
      code: z
        .string()
        .regex(oneTimeCodePattern, `must be the ${oneTimeCodeRules.digits} digits of the code`)
        .optional(),
      passkey: passkeyProof.optional(),
      format: z.enum(['private_key', 'keystore']),
    })
    .superRefine((body, context) => {
      if ((body.code === undefined) === (body.passkey === undefined)) {
        context.addIssue({
          code: 'custom',
          path: ['code'],
          message: 'send the code you were sent, or confirm with your passkey (passkey), not both',
        })
      }
    }),
}

const declineSummaries: Record<string, string> = {
  personal_sign: 'Declined to sign a message',
  eth_signTypedData_v4: 'Declined to sign typed data',
  eth_signTransaction: 'Declined to sign a transaction',
  eth_sendTransaction: 'Declined to send a transaction',
  signMessage: 'Declined to sign a message',
  signTransaction: 'Declined to sign a transaction',
  signAndSendTransaction: 'Declined to send a transaction',
}

/** A body the schema refuses: EIP-1193's -32602, naming the field. */
const refuse: Refusal = (problem) => new WalletApiError(-32602, 400, problem)

/** The signed body (`signedRequest`), checked against the route's schema. */
const signedBody = <Schema extends z.ZodType>(schema: Schema) => jsonBody(schema, { from: 'signed', refuse })

// Any id: the finder answers an id that is not one of the member's wallets, a malformed one included, as a
// wallet that does not exist.
const walletId = pathParams(z.object({ id: z.string() }), refuse)

/** An exported key: an EVM key as hex or a keystore file, a Solana key as its base58 secret key. */
export type KeyExport =
  | { format: 'private_key'; encoding: 'hex'; private_key: `0x${string}` }
  | { format: 'private_key'; encoding: 'base58'; private_key: string }
  | { format: 'keystore'; keystore: KeystoreV3; passphrase: string }

/** The wallet API (see docs/wallets.md): create, sign (rpc), export; every request signed with the session's key. */
export function walletRoutes(options: WalletRoutesOptions) {
  const { db, vault } = options
  const signed = signedRequest({
    appId: options.appId,
    publicOrigin: options.publicOrigin,
    trustProxy: options.trustProxy,
    refusal: 'wallet',
  })
  // Signatures are answered again to a retry; an exported key (and the export's code) never is.
  const idempotent = idempotency({ db, keepAnswers: true })
  const shownOnce = idempotency({ db, keepAnswers: false })
  const findUserWallet = walletFinder(db)
  const createNextWallet = walletCreator(db, vault)
  const { hold } = options
  const sending: Sending = { db, ...options.sending }
  /** Exporting this wallet from this session, as the new-device hold words and records it. */
  const exportOf = (
    session: { sessionId: string; userId: string },
    wallet: WalletRow,
  ): HeldActionRequest => ({
    session,
    kind: 'export',
    subject: wallet.id,
    what: `export the key of your ${wallet.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${shortenAddress(wallet.address)}`,
  })
  const recordActivity = activityRecorder(db)
  const callParts = {
    vault,
    sending,
    recordActivity,
    removeActivity: (ids: number[]) => removeActivity(db, ids),
  }

  const withKey = <T>(wallet: WalletRow, use: (privateKey: Buffer) => Promise<T> | T) =>
    withWalletKey(vault, wallet, use)

  return new Hono<{ Variables: SessionVariables & SignedRequestVariables }>()
    .get('/wallets/activity', sessionRequired, queryParams(schemas.activity), async (c) => {
      const session = requireSession(c)
      return c.json(await listActivity(db, sending.chains, session.userId, c.req.valid('query')))
    })
    .post('/wallets', signed, idempotent, signedBody(schemas.create), async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json')
      const wallet = await createNextWallet({
        userId: session.userId,
        chainType: body.chain_type,
        limit: options.maxWalletsPerChain,
      })
      return c.json(toLinkedAccount(wallet))
    })
    .post('/wallets/:id/rpc', signed, idempotent, signedBody(schemas.rpc), walletId, async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json')
      const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
      await assertNotFrozen(db, session.userId)
      const call = walletCall(wallet.chainType, body.method, body.params)
      const request = {
        caip2: body.caip2,
        idempotencyKey: c.req.header('privy-idempotency-key'),
        expiry: c.req.header('privy-request-expiry'),
        method: body.method,
        params: body.params,
        sponsor: body.sponsor === true,
      }
      const result = await runWalletCall(callParts, call, { wallet, request, session, heldReplay: false })
      return c.json(result.answer)
    })
    .post(
      '/wallets/:id/export/init',
      signed,
      shownOnce,
      signedBody(schemas.exportInit),
      walletId,
      async (c) => {
        const session = requireSession(c)
        const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
        await assertNotFrozen(db, session.userId)
        await options.auth.assertExportAllowed(session.userId)
        // A new device's export is held (recorded, told, cancellable) before any code goes out.
        await hold.assertNotHeld(exportOf(session, wallet))
        // The code exports this wallet, from this session, and nothing else.
        const sent = await options.auth.sendStepUpCode({
          userId: session.userId,
          sessionId: session.sessionId,
          action: `export:${wallet.id}`,
          avoid: await hold.signedInWith(session.sessionId),
          client: options.flows.asking(c),
        })
        return c.json({
          success: true as const,
          via: sent.kind,
          sent_to: sent.kind === 'phone' ? maskPhoneNumber(sent.address) : sent.address,
          expires_at: toUnixSeconds(sent.expiresAt),
        })
      },
    )
    .post('/wallets/:id/export', signed, shownOnce, signedBody(schemas.export), walletId, async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json')
      const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
      await assertNotFrozen(db, session.userId)
      if (body.format === 'keystore' && wallet.chainType !== 'ethereum') {
        throw new LoginError('invalid_data', {
          message:
            'format: a Solana key exports as its base58 secret key (private_key), which Phantom and Solflare import.',
        })
      }
      await options.auth.assertExportAllowed(session.userId)
      if (body.passkey) {
        // The member's passkey, bound to this wallet's export: no code, and no wait for a new device.
        await options.proveExport(
          session,
          wallet.id,
          authenticationResponseFromWire(body.passkey.authenticator_response),
        )
      } else {
        // Before the code: whatever code a new device holds, its export waits.
        await hold.assertNotHeld(exportOf(session, wallet))
        await options.auth.checkStepUpCode({
          sessionId: session.sessionId,
          action: `export:${wallet.id}`,
          code: body.code ?? '',
          client: options.flows.trying(c),
        })
      }
      const answer = await withKey(wallet, async (privateKey): Promise<KeyExport> => {
        if (wallet.chainType === 'solana') {
          return { format: 'private_key', encoding: 'base58', private_key: solanaSecretKeyBase58(privateKey) }
        }
        if (body.format === 'private_key') {
          return { format: 'private_key', encoding: 'hex', private_key: `0x${privateKey.toString('hex')}` }
        }
        const passphrase = generatePassphrase()
        return { format: 'keystore', keystore: await encryptKeystore(privateKey, passphrase), passphrase }
      })
      await recordActivity({
        userId: session.userId,
        walletId: wallet.id,
        kind: 'export',
        method: `export_${answer.format}`,
        subject: { address: wallet.address, format: answer.format },
        summary:
          answer.format === 'keystore' ? 'Exported the key as a keystore file' : 'Exported the private key',
        // A new device's export was held above (the hold is the policy's for keys): only a trusted one, or the
        // member's passkey, gets here.
        decision: body.passkey ? 'with the member’s passkey' : 'a trusted device, with a fresh code',
      })
      await recordAccountEvent(db, {
        userId: session.userId,
        kind: 'key_exported',
        summary: `Exported the key of ${wallet.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${wallet.address}${answer.format === 'keystore' ? ' as a keystore file' : ''}`,
      })
      await hold.complete(exportOf(session, wallet))
      return c.json(answer)
    })
    .post('/wallets/:id/export/hold', signed, signedBody(schemas.exportHold), walletId, async (c) => {
      // A new device asks, ahead of time, for the export it may make once its hold ends.
      const session = requireSession(c)
      const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
      await options.auth.assertExportAllowed(session.userId)
      if (!(await hold.holdIfNew(exportOf(session, wallet)))) {
        throw new LoginError('invalid_data', {
          message: 'This device is not waiting: ask for an export code (export/init) and export now.',
        })
      }
      return c.json(await hold.list(session))
    })
    .post('/wallets/:id/decline', signed, signedBody(schemas.decline), walletId, async (c) => {
      // The member's own Reject, kept beside what they signed; nothing is signed.
      const session = requireSession(c)
      const body = c.req.valid('json')
      await options.limitDeclines(session.sessionId)
      const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
      await recordActivity({
        userId: session.userId,
        walletId: wallet.id,
        kind: 'decline',
        method: body.method,
        subject: { method: body.method },
        summary: Object.hasOwn(declineSummaries, body.method)
          ? (declineSummaries[body.method] as string)
          : 'Declined a request',
      })
      return c.json({ success: true as const })
    })
}

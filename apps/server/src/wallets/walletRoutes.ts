import { LoginError, maskPhoneNumber } from '@charter/core'
import { generatePassphrase } from '@charter/core/passphrase'
import { type Context, Hono } from 'hono'
import { BaseError as ViemError } from 'viem'
import { z } from 'zod'
import type { AuthService } from '../auth/AuthService.ts'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { describeZodError } from '../http/describeZodError.ts'
import { idempotency } from '../http/idempotency.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { recordAccountEvent } from '../members/accountEvents.ts'
import { requireSession, type SessionVariables } from '../members/sessionMiddleware.ts'
import { type SignedRequestVariables, signedRequest } from '../members/signedRequest.ts'
import { toLinkedAccount, type WalletRow } from '../members/walletAccounts.ts'
import type { KeyVault } from './KeyVault.ts'
import { encryptKeystore } from './keystore.ts'
import { type EvmMethod, evmParams, runEvmMethod, TypedDataEncodingError } from './rpc/evmRpc.ts'
import type { RpcResult } from './rpc/RpcResult.ts'
import { runSolanaMethod, type SolanaMethod, SolanaSigningError, solanaParams } from './rpc/solanaRpc.ts'
import { activityRecorder, listActivity } from './walletActivity.ts'
import { solanaSecretKeyBase58 } from './walletKeys.ts'
import { createNextWallet, walletFinder } from './walletStore.ts'

export type WalletRoutesOptions = {
  db: Db
  vault: KeyVault
  auth: AuthService
  appId: string
  publicOrigin: string | undefined
  trustProxy: number
  maxWalletsPerChain: number
}

const schemas = {
  create: z.strictObject({ request: z.strictObject({ chain_type: z.enum(['ethereum', 'solana']) }) }),
  rpc: z.object({ method: z.string().min(1).max(64), params: z.unknown() }),
  exportInit: z.strictObject({}),
  decline: z.strictObject({ method: z.string().regex(/^[A-Za-z_][\w]{0,63}$/, 'must be a method name') }),
  export: z.strictObject({
    code: z.string().regex(/^\d{6}$/, 'must be the 6 digits of the code'),
    format: z.enum(['private_key', 'keystore']),
  }),
}

const declineSummaries: Record<string, string> = {
  personal_sign: 'Declined to sign a message',
  eth_signTypedData_v4: 'Declined to sign typed data',
  eth_signTransaction: 'Declined to sign a transaction',
  eth_sendTransaction: 'Declined to send a transaction',
  signMessage: 'Declined to sign a message',
  signTransaction: 'Declined to sign a transaction',
}

/** Checks a signed body against its schema: `invalid_data` for the wallet routes' own fields. */
function parseSigned<Schema extends z.ZodType>(
  c: Context<{ Variables: SignedRequestVariables }>,
  schema: Schema,
) {
  const parsed = schema.safeParse(c.get('signedBody'))
  if (parsed.success) return parsed.data as z.infer<Schema>
  throw new WalletApiError(-32602, 400, describeZodError(parsed.error, 'body'))
}

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
  const client = (c: Context) => clientAddress(c, options.trustProxy)
  const findUserWallet = walletFinder(db)
  const recordActivity = activityRecorder(db)

  /** Opens the wallet's key for one operation and wipes it after, whatever happens. */
  async function withKey<T>(wallet: WalletRow, use: (privateKey: Buffer) => Promise<T> | T): Promise<T> {
    const privateKey = vault.open(
      {
        ciphertext: wallet.sealedKey,
        wrappedDataKey: wallet.wrappedDataKey,
        masterKeyId: wallet.masterKeyId,
      },
      { walletId: wallet.id, userId: wallet.userId },
    )
    try {
      return await use(privateKey)
    } finally {
      privateKey.fill(0)
    }
  }

  function checkParams(wallet: WalletRow, method: string, params: unknown): EvmMethod | SolanaMethod {
    const table: Record<string, z.ZodType> = wallet.chainType === 'ethereum' ? evmParams : solanaParams
    if (!Object.hasOwn(table, method)) {
      const kind = wallet.chainType === 'ethereum' ? 'an Ethereum' : 'a Solana'
      const known = Object.keys(table).join(', ')
      throw new WalletApiError(4200, 400, `${method} is not a method of ${kind} wallet here (${known}).`)
    }
    const parsed = (table[method] as z.ZodType).safeParse(params)
    if (!parsed.success)
      throw new WalletApiError(-32602, 400, describeZodError(parsed.error, 'params', 'params'))
    return method as EvmMethod | SolanaMethod
  }

  return new Hono<{ Variables: SessionVariables & SignedRequestVariables }>()
    .get('/wallets/activity', async (c) => {
      const session = requireSession(c)
      return c.json({ activity: await listActivity(db, session.userId) })
    })
    .post('/wallets', signed, idempotent, async (c) => {
      const session = requireSession(c)
      const body = parseSigned(c, schemas.create)
      const wallet = await createNextWallet(db, vault, {
        userId: session.userId,
        chainType: body.request.chain_type,
        limit: options.maxWalletsPerChain,
      })
      return c.json(toLinkedAccount(wallet))
    })
    .post('/wallets/:id/rpc', signed, idempotent, async (c) => {
      const session = requireSession(c)
      const body = parseSigned(c, schemas.rpc)
      const wallet = await findUserWallet(session.userId, c.req.param('id'))
      const method = checkParams(wallet, body.method, body.params)
      let result: RpcResult
      try {
        result = await withKey(wallet, (privateKey) =>
          wallet.chainType === 'ethereum'
            ? runEvmMethod(privateKey, method as EvmMethod, body.params)
            : runSolanaMethod(privateKey, method as SolanaMethod, body.params),
        )
      } catch (error) {
        if (error instanceof TypedDataEncodingError) {
          throw new WalletApiError(-32602, 400, `params.typed_data: ${error.message}`)
        }
        if (error instanceof SolanaSigningError)
          throw new WalletApiError(-32602, 400, `params.${error.message}`)
        // viem refuses typed data or a transaction it cannot encode: the caller's params, not our bug.
        if (error instanceof ViemError) throw new WalletApiError(-32602, 400, `params: ${error.shortMessage}`)
        // So does a number it cannot take as an integer (BigInt(1.5) is a RangeError, BigInt('x') a SyntaxError).
        if (error instanceof RangeError || error instanceof SyntaxError) {
          throw new WalletApiError(-32602, 400, `params: ${error.message}`)
        }
        throw error
      }
      await recordActivity({
        userId: session.userId,
        walletId: wallet.id,
        kind: 'signature',
        method,
        subject: result.signed,
        summary: result.summary,
      })
      return c.json({ method, data: result.data })
    })
    .post('/wallets/:id/export/init', signed, shownOnce, async (c) => {
      const session = requireSession(c)
      parseSigned(c, schemas.exportInit)
      const wallet = await findUserWallet(session.userId, c.req.param('id'))
      await options.auth.assertExportAllowed(session.userId)
      // The code exports this wallet, from this session, and nothing else.
      const sent = await options.auth.sendStepUpCode({
        userId: session.userId,
        sessionId: session.sessionId,
        action: `export:${wallet.id}`,
        client: client(c),
      })
      return c.json({
        success: true,
        sent_to: sent.kind === 'phone' ? maskPhoneNumber(sent.address) : sent.address,
        expires_at: Math.floor(sent.expiresAt.getTime() / 1000),
      })
    })
    .post('/wallets/:id/export', signed, shownOnce, async (c) => {
      const session = requireSession(c)
      const body = parseSigned(c, schemas.export)
      const wallet = await findUserWallet(session.userId, c.req.param('id'))
      if (body.format === 'keystore' && wallet.chainType !== 'ethereum') {
        throw new LoginError('invalid_data', {
          message:
            'format: a Solana key exports as its base58 secret key (private_key), which Phantom and Solflare import.',
        })
      }
      await options.auth.assertExportAllowed(session.userId)
      await options.auth.checkStepUpCode({
        sessionId: session.sessionId,
        action: `export:${wallet.id}`,
        code: body.code,
        client: client(c),
      })
      const answer = await withKey(wallet, async (privateKey) => {
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
      })
      await recordAccountEvent(db, {
        userId: session.userId,
        kind: 'key_exported',
        summary: `Exported the key of ${wallet.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${wallet.address}${answer.format === 'keystore' ? ' as a keystore file' : ''}`,
      })
      return c.json(answer)
    })
    .post('/wallets/:id/decline', signed, async (c) => {
      // The member's own Reject, kept beside what they signed; nothing is signed.
      const session = requireSession(c)
      const body = parseSigned(c, schemas.decline)
      const wallet = await findUserWallet(session.userId, c.req.param('id'))
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
      return c.json({ success: true })
    })
}

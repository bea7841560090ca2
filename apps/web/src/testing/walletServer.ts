import { createPublicKey, verify } from 'node:crypto'
import { authorizationPayload, type CharterUser, type LinkedAccount } from '@charter/core'
import { type Hex, hexToBigInt, type TransactionSerializable } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { phoneUser } from './fixtures.ts'
import type { ApiCall, ApiHandler } from './stubApi.ts'

export const evmWalletId = 'wallet-evm-0'
export const solanaWalletId = 'wallet-sol-0'
export const solanaAddress = '8x6NaJq3oPu4yq9Ng8WwPuVkpX9eQd3b8qQZ1Yz4SZF'
export const rightCode = '123456'

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
  ...(chainType === 'solana' && { public_key: address }),
})

export type RpcCall = { method: string; params: Record<string, unknown> }

export type WalletServer = {
  /** Routes for `stubApi`. */
  routes: Record<string, ApiHandler>
  /** The EVM wallet's key: the stand-in signs with it as the server would. */
  account: PrivateKeyAccount
  user: CharterUser
  /** Every public key the session took (at most one: a session keeps its first). */
  registeredKeys: string[]
  /** Every wallet request whose signature checked out. */
  rpcCalls: RpcCall[]
  /** Every wallet request the stand-in refused for its signature. */
  refused: ApiCall[]
}

const json = (body: unknown, status = 200) => Response.json(body, { status })
const quantity = (value: unknown) => (value === undefined ? undefined : hexToBigInt(value as Hex))

/**
 * Charter's wallet API as the browser meets it, at the network boundary: it checks each request's
 * `privy-authorization-signature` against the registered key exactly as the server does (node:crypto over core's
 * `authorizationPayload`), and signs with a real secp256k1 key (viem), so what the web makes of the answers can
 * be verified.
 */
export function walletServer(options: { appId?: string; sessionKey?: string } = {}): WalletServer {
  const appId = options.appId ?? 'charter-test'
  const account = privateKeyToAccount(generatePrivateKey())
  const user: CharterUser = {
    ...phoneUser,
    linked_accounts: [
      ...phoneUser.linked_accounts,
      embedded(evmWalletId, account.address, 'ethereum'),
      embedded(solanaWalletId, solanaAddress, 'solana'),
    ],
  }
  const registeredKeys: string[] = options.sessionKey ? [options.sessionKey] : []
  const rpcCalls: RpcCall[] = []
  const refused: ApiCall[] = []

  /** The server's `signedRequest`: app id, expiry, then the signature over the canonical payload. */
  const signed =
    (handle: (call: ApiCall) => Response | Promise<Response>): ApiHandler =>
    (call) => {
      const key = registeredKeys[0]
      if (call.headers['privy-app-id'] !== appId) {
        return json(
          { error: `Send the header privy-app-id: ${appId}.`, code: 'missing_or_invalid_privy_app_id' },
          400,
        )
      }
      const expiry = call.headers['privy-request-expiry']
      if (expiry !== undefined && Number(expiry) <= Date.now()) {
        return json({ error: 'This request expired.', code: -32600 }, 400)
      }
      if (!key) return json({ error: 'This session has no wallet key yet.', code: 4100 }, 401)
      const payload = authorizationPayload({
        method: 'POST',
        url: `${window.location.origin}${call.path}`,
        body: call.body ?? {},
        headers: {
          'privy-app-id': appId,
          ...(call.headers['privy-idempotency-key'] !== undefined && {
            'privy-idempotency-key': call.headers['privy-idempotency-key'],
          }),
          ...(expiry !== undefined && { 'privy-request-expiry': expiry }),
        },
      })
      const signature = call.headers['privy-authorization-signature'] ?? ''
      const publicKey = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' })
      if (
        !verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'))
      ) {
        refused.push(call)
        return json({ error: 'The signature does not match this session’s wallet key.', code: 4100 }, 401)
      }
      return handle(call)
    }

  const exportAnswer = (walletId: string) =>
    signed((call) => {
      const { code, format } = call.body as { code: string; format: string }
      if (code !== rightCode) {
        return json(
          {
            error: 'That code is not right. Check it and try again (4 tries left).',
            code: 'invalid_credentials',
          },
          401,
        )
      }
      if (walletId === solanaWalletId) {
        return json({
          format: 'private_key',
          encoding: 'base58',
          private_key: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
        })
      }
      return format === 'keystore'
        ? json({
            format: 'keystore',
            keystore: { version: 3, address: account.address.slice(2).toLowerCase() },
            passphrase: 'apple-banjo-cedar-delta-ember-fjord',
          })
        : json({ format: 'private_key', encoding: 'hex', private_key: `0x${'ab'.repeat(32)}` })
    })

  const routes: Record<string, ApiHandler> = {
    'GET /api/health': () => json({ status: 'ok', version: '0.1.0', mode: 'embedded', appId, parts: {} }),
    'GET /api/v1/users/me': () => json({ user }),
    'POST /api/v1/sessions/authorization_key': (call) => {
      const { public_key } = call.body as { public_key: string }
      if (registeredKeys.length === 0) registeredKeys.push(public_key)
      else if (registeredKeys[0] !== public_key) {
        return json({ error: 'This session already has a wallet key.', code: 'invalid_data' }, 400)
      }
      return json({ success: true })
    },
    [`POST /api/v1/wallets/${evmWalletId}/rpc`]: signed(async (call) => {
      const { method, params } = call.body as RpcCall
      rpcCalls.push({ method, params })
      switch (method) {
        case 'personal_sign': {
          const { message, encoding } = params as { message: string; encoding: 'hex' | 'utf-8' }
          const signature = await account.signMessage({
            message: encoding === 'hex' ? { raw: message as Hex } : message,
          })
          return json({ method, data: { encoding: 'hex', signature } })
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
          return json({ method, data: { encoding: 'hex', signature } })
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
          return json({ method, data: { encoding: 'rlp', signed_transaction } })
        }
        default:
          return json({ error: `${method} is not a method of an Ethereum wallet here.`, code: 4200 }, 400)
      }
    }),
    [`POST /api/v1/wallets/${evmWalletId}/export/init`]: signed(() =>
      json({ success: true, sent_to: '*2671', expires_at: Math.floor(Date.now() / 1000) + 600 }),
    ),
    [`POST /api/v1/wallets/${solanaWalletId}/export/init`]: signed(() =>
      json({ success: true, sent_to: '*2671', expires_at: Math.floor(Date.now() / 1000) + 600 }),
    ),
    [`POST /api/v1/wallets/${evmWalletId}/export`]: exportAnswer(evmWalletId),
    [`POST /api/v1/wallets/${solanaWalletId}/export`]: exportAnswer(solanaWalletId),
  }
  return { routes, account, user, registeredKeys, rpcCalls, refused }
}

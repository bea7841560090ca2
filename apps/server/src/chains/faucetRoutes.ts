import { InvalidAmountError, LoginError, parseAmount } from '@charter/core'
import { base58 } from '@scure/base'
import { Hono } from 'hono'
import { isAddress } from 'viem'
import { z } from 'zod'
import { FundingRefusedError } from '../devnets/FundingRefusedError.ts'
import { jsonBody } from '../http/validate.ts'
import type { Logger } from '../log/logger.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../members/sessionMiddleware.ts'
import type { Chains } from './Chains.ts'
import { FaucetError } from './FaucetError.ts'
import { redactRpcUrl } from './redactRpcUrl.ts'

/** The most one call may credit, in whole units: plenty to test with, and a typo of a few zeros is refused. */
export const faucetCaps = { native: 1000n, USDC: 100_000n } as const

const faucetBody = z.strictObject({
  address: z.string().min(1, 'is required').max(100),
  chainId: z.union([z.number().int(), z.string().max(32)]),
  asset: z.enum(['native', 'USDC']),
  amount: z.string().max(130),
})

const invalid = (message: string) => new LoginError('invalid_data', { message })

/** A Solana address: base58 of 32 bytes. */
function isSolanaAddress(address: string): boolean {
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}

/**
 * `POST /faucet {address, chainId, asset, amount}`: credits an address on a local devnet, embedded mode only.
 * The composition root mounts these routes only when the chains are local: production has no such route at all.
 * `amount` is in whole units ("10", "0.5"), read by the core's `parseAmount`, and capped per call.
 */
export function faucetRoutes(options: { chains: Chains; logger: Logger }) {
  const { chains, logger } = options
  return new Hono<{ Variables: SessionVariables }>().post(
    '/faucet',
    sessionRequired,
    jsonBody(faucetBody),
    async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json')
      const chain = chains.find(String(body.chainId))
      const localIds = chains.chains.filter((each) => each.local).map((each) => each.info.id)
      if (!chain?.local) {
        throw invalid(
          `chainId: the faucet funds the local devnets only (${localIds.join(', ') || 'none here'})`,
        )
      }
      const { info } = chain
      const validAddress =
        info.type === 'ethereum' ? isAddress(body.address, { strict: false }) : isSolanaAddress(body.address)
      if (!validAddress) {
        throw invalid(
          `address: not ${info.type === 'ethereum' ? 'an EVM address (0x and 40 hex digits)' : 'a Solana address (base58, 32 bytes)'}`,
        )
      }
      const decimals = body.asset === 'native' ? info.nativeCurrency.decimals : (info.usdc?.decimals ?? 6)
      const symbol = body.asset === 'native' ? info.nativeCurrency.symbol : 'USDC'
      if (body.asset === 'USDC' && !info.usdc) throw invalid(`asset: ${info.name} has no USDC`)
      let amount: bigint
      try {
        amount = parseAmount(body.amount, decimals, { symbol })
      } catch (error) {
        if (error instanceof InvalidAmountError) throw invalid(`amount: ${error.shortMessage}`)
        throw error
      }
      const cap = faucetCaps[body.asset]
      if (amount > cap * 10n ** BigInt(decimals)) {
        throw invalid(`amount: the faucet gives at most ${cap} ${symbol} per call`)
      }
      try {
        await chain.local.fund(body.address, body.asset, amount)
      } catch (cause) {
        if (cause instanceof FundingRefusedError) throw invalid(`amount: ${cause.shortMessage}`)
        const details = cause instanceof Error ? cause.message : String(cause)
        logger.warn('The faucet could not fund an address', {
          chain: info.id,
          node: redactRpcUrl(chain.rpcUrl),
          reason: details.split('\n')[0]?.slice(0, 300),
        })
        throw new FaucetError(info.name, { details, cause })
      }
      logger.info('Faucet', { user: session.userId, chain: info.id, asset: body.asset, amount: body.amount })
      return c.json({
        chainId: info.id,
        asset: body.asset,
        amount: body.amount.trim(),
        address: body.address,
      })
    },
  )
}

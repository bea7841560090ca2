import {
  InvalidAmountError,
  type OnrampExperience,
  onrampDefaultAssetIds,
  onrampPaymentMethodByExperience,
  parseAmount,
} from '@charter/core'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Chains } from '../chains/Chains.ts'
import { faucetCaps } from '../chains/faucetRoutes.ts'
import { redactRpcUrl } from '../chains/redactRpcUrl.ts'
import type { ServedChain } from '../chains/ServedChain.ts'
import type { Db } from '../db/Database.ts'
import { FundingRefusedError } from '../devnets/FundingRefusedError.ts'
import type { Logger } from '../log/logger.ts'
import type { SessionVariables } from '../members/sessionMiddleware.ts'
import {
  claimSandboxToken,
  findBySandboxToken,
  type OnrampRequestRow,
  settleOnrampRequest,
} from './onrampRequests.ts'
import { type SandboxNetwork, sandboxChainByNetwork, sandboxNetworkNames } from './sandboxNetworks.ts'
import { sandboxBaseUrl, sandboxTokenDigest } from './sandboxOnramp.ts'
import { sandboxPage } from './sandboxPage.ts'

type Env = { Variables: SessionVariables }

/** A page the sandbox refuses with: its status and what it says. */
class SandboxRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly heading: string,
    readonly reason: string,
  ) {
    super(reason)
  }
}

const unusable = (reason: string) =>
  new SandboxRefusal(400, 'This sandbox link cannot be used', `${reason} Nothing was credited.`)

/** What a link, checked against the token it carries, would buy. */
type Purchase = {
  row: OnrampRequestRow
  network: SandboxNetwork
  chain: ServedChain & { local: NonNullable<ServedChain['local']> }
  asset: 'USDC' | 'native'
  symbol: string
  decimals: number
  address: string
  /** The amount the token was minted for; undefined: the page asks for one. */
  boundAmount: string | undefined
  /** A purchase by card (`buy`), or a transfer from the member's Coinbase account (`send`). */
  experience: OnrampExperience
}

const isExperience = (value: string): value is OnrampExperience =>
  Object.hasOwn(onrampPaymentMethodByExperience, value)

const symbolByAssetId = new Map<string, string>(
  Object.entries(onrampDefaultAssetIds).map(([symbol, id]) => [id, symbol]),
)

/** The query parameters of a link (`buildOnrampUrl`'s), which the page reads and its buttons post back. */
const linkParameters = [
  'appId',
  'sessionToken',
  'endPartnerName',
  'defaultExperience',
  'presetCryptoAmount',
  'defaultNetwork',
  'defaultPaymentMethod',
  'defaultAsset',
  'partnerUserId',
] as const

/** The link's parameters, each at most once (a second value would leave which one counts to a guess). */
function linkQuery(c: Context): Record<string, string> {
  const all = c.req.queries()
  const query: Record<string, string> = {}
  for (const [name, values] of Object.entries(all)) {
    if (values.length > 1) throw unusable(`The link gives ${name.slice(0, 40)} more than once.`)
    query[name] = values[0] ?? ''
  }
  return query
}

/**
 * The sandbox's buy page and its two buttons, at `/sandbox/onramp` (embedded mode only): the page reads the
 * query the core's `buildOnrampUrl` makes, checks it against the token it carries (the member's own, unused,
 * unexpired, and the partnerUserId, network, asset and amount it was minted for), shows what would be bought,
 * and on Complete claims the token (once, whatever races it) and credits the local devnet as the faucet does.
 */
export function sandboxRoutes(options: { db: Db; chains: Chains; appId: string; logger: Logger }) {
  const { db, chains, appId, logger } = options

  async function readPurchase(c: Context<Env>): Promise<Purchase> {
    const session = c.var.session
    if (!session) {
      throw new SandboxRefusal(
        401,
        'Sign in first',
        'Open this page from Charter, in the browser you are signed in with. Nothing was credited.',
      )
    }
    const query = linkQuery(c)
    const token = query.sessionToken ?? ''
    const row =
      token.length > 0 && token.length <= 200
        ? await findBySandboxToken(db, sandboxTokenDigest(token))
        : undefined
    // Another member's token reads exactly as an unknown one.
    if (row?.service !== 'sandbox' || row.userId !== session.userId) {
      throw unusable('Its session token is unknown. Start again from Charter.')
    }
    if (row.tokenUsedAt || row.status !== 'pending') {
      throw unusable('Its session token was already used: each one buys once. Start again from Charter.')
    }
    if (!row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= Date.now()) {
      throw unusable('Its session token has expired: each one lasts 5 minutes. Start again from Charter.')
    }
    if (query.appId !== appId) throw unusable('Its appId is not this server’s.')
    if (query.partnerUserId !== row.partnerUserId) {
      throw unusable('Its partnerUserId is not the one its session token was minted for.')
    }
    const experience = query.defaultExperience ?? ''
    if (!isExperience(experience)) {
      throw unusable('Its defaultExperience is neither buy nor send.')
    }

    const allowed = [...new Set(row.addresses.flatMap((entry) => entry.blockchains))]
    const network = query.defaultNetwork ?? (allowed.length === 1 ? allowed[0] : undefined)
    if (!network) throw unusable(`It names no network; its token allows ${allowed.join(', ')}.`)
    if (!allowed.includes(network) || !Object.hasOwn(sandboxChainByNetwork, network)) {
      throw unusable(`Its network "${network.slice(0, 40)}" is not one its session token was minted for.`)
    }
    const chain = chains.find(String(sandboxChainByNetwork[network as SandboxNetwork]))
    if (!chain?.local) throw unusable(`The local devnet for ${network} is not running on this server.`)
    const address = row.addresses.find((entry) => entry.blockchains.includes(network))?.address as string

    const mintedAssets = row.assets?.map((each) => each.toUpperCase())
    const symbol = query.defaultAsset
      ? symbolByAssetId.get(query.defaultAsset)
      : mintedAssets?.length === 1
        ? mintedAssets[0]
        : undefined
    if (!symbol) throw unusable('It names no asset the sandbox knows (defaultAsset).')
    if (mintedAssets && !mintedAssets.includes(symbol)) {
      throw unusable(`Its asset ${symbol} is not one its session token was minted for.`)
    }
    const { info } = chain
    const asset =
      symbol === 'USDC' && info.usdc ? 'USDC' : symbol === info.nativeCurrency.symbol ? 'native' : undefined
    if (!asset) {
      throw unusable(
        `The sandbox sells USDC or ${info.nativeCurrency.symbol} on ${info.name}, not ${symbol}.`,
      )
    }
    const decimals = asset === 'USDC' ? (info.usdc?.decimals ?? 6) : info.nativeCurrency.decimals
    const urlAmount = query.presetCryptoAmount
    if (row.amount === null) {
      if (urlAmount !== undefined)
        throw unusable('Its amount is not the one its session token was minted for.')
    } else if (
      urlAmount === undefined ||
      amountOf(urlAmount, decimals, symbol) !== amountOf(row.amount, decimals, symbol)
    ) {
      throw unusable('Its amount is not the one its session token was minted for.')
    }
    return {
      row,
      network: network as SandboxNetwork,
      chain: chain as Purchase['chain'],
      asset,
      symbol,
      decimals,
      address,
      boundAmount: row.amount ?? undefined,
      experience,
    }
  }

  const what = (purchase: Purchase, amount: string | undefined) => {
    const devnet = `local ${purchase.chain.info.name.replace(/ devnet$/i, '')} devnet`
    const network = sandboxNetworkNames[purchase.network]
    const coins = amount === undefined ? purchase.symbol : `${amount} ${purchase.symbol}`
    return purchase.experience === 'send'
      ? `Transfer ${coins} from your Coinbase account to ${network} (${devnet})`
      : `Buy ${coins} on ${network} (${devnet})`
  }

  const cap = (purchase: Purchase) => `${faucetCaps[purchase.asset]} ${purchase.symbol}`

  /** The amount to credit: the token's own, or the one the member typed (the faucet's caps apply). */
  function amountToCredit(purchase: Purchase, typed: unknown): { text: string; units: bigint } {
    const text = purchase.boundAmount ?? (typeof typed === 'string' ? typed.trim() : '')
    if (text === '') throw unusable('No amount was given.')
    let units: bigint
    try {
      units = parseAmount(text.startsWith('.') ? `0${text}` : text, purchase.decimals, {
        symbol: purchase.symbol,
      })
    } catch (error) {
      if (error instanceof InvalidAmountError)
        throw unusable(`The amount is not valid: ${error.shortMessage}`)
      throw error
    }
    if (units <= 0n) throw unusable('The amount must be above zero.')
    if (units > BigInt(faucetCaps[purchase.asset]) * 10n ** BigInt(purchase.decimals)) {
      throw unusable(`The sandbox credits at most ${cap(purchase)} at once.`)
    }
    return { text, units }
  }

  const refusalPage = (c: Context, error: unknown) => {
    if (!(error instanceof SandboxRefusal)) throw error
    return c.html(sandboxPage({ heading: error.heading, paragraphs: [error.reason] }), error.status)
  }

  /** Where a button posts: the same link's parameters (the ones the page reads, nothing else) on its step. */
  const actionPath = (c: Context, step: 'complete' | 'cancel') => {
    const query = linkQuery(c)
    const kept = new URLSearchParams()
    for (const name of linkParameters) {
      const value = query[name]
      if (value !== undefined) kept.set(name, value)
    }
    return `${sandboxBaseUrl}/buy/${step}?${kept}`
  }

  return new Hono<Env>()
    .get('/buy/select-asset', async (c) => {
      try {
        const purchase = await readPurchase(c)
        return c.html(
          sandboxPage({
            heading: what(purchase, purchase.boundAmount),
            paragraphs: [`To ${purchase.address}`],
            forms: [
              {
                action: actionPath(c, 'complete'),
                button: 'Complete purchase',
                ...(purchase.boundAmount === undefined && {
                  askAmount: { label: `Amount of ${purchase.symbol}`, max: cap(purchase) },
                }),
              },
              { action: actionPath(c, 'cancel'), button: 'Cancel' },
            ],
          }),
        )
      } catch (error) {
        return refusalPage(c, error)
      }
    })
    .post('/buy/complete', async (c) => {
      try {
        const purchase = await readPurchase(c)
        const form = purchase.boundAmount === undefined ? await c.req.parseBody() : {}
        const amount = amountToCredit(purchase, form.amount)
        // Asked before the token is spent, so the same link can be completed again with an amount the chain takes.
        const refused = await purchase.chain.local.refusal(purchase.address, purchase.asset, amount.units)
        if (refused) throw unusable(`The amount is not valid: ${refused}.`)
        const { row } = purchase
        const claimed = await claimSandboxToken(db, {
          tokenDigest: row.tokenDigest as string,
          userId: row.userId,
          partnerUserId: row.partnerUserId,
        })
        if (!claimed) throw unusable('Its session token was already used: each one buys once.')
        try {
          await purchase.chain.local.fund(purchase.address, purchase.asset, amount.units)
        } catch (cause) {
          await settleOnrampRequest(db, row.partnerUserId, 'failure')
          // Refused although asked above (the balance changed meanwhile): nothing moved, and the token is spent.
          if (cause instanceof FundingRefusedError) {
            throw new SandboxRefusal(
              400,
              'The purchase could not be completed',
              `Nothing moved: ${cause.shortMessage}. Start again from Charter.`,
            )
          }
          logger.warn('The on-ramp sandbox could not credit the local devnet', {
            chain: purchase.chain.info.id,
            node: redactRpcUrl(purchase.chain.rpcUrl),
            reason: (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]?.slice(0, 300),
          })
          throw new SandboxRefusal(
            502,
            'The purchase could not be completed',
            'The local devnet could not be credited, so nothing moved. Start again from Charter; the server log says why.',
          )
        }
        await settleOnrampRequest(db, row.partnerUserId, 'success', {
          network: purchase.network,
          chain: String(purchase.chain.info.id),
          asset: purchase.symbol,
          amount: amount.text,
          address: purchase.address,
        })
        logger.info('On-ramp sandbox purchase', {
          user: row.userId,
          partnerUserId: row.partnerUserId,
          chain: purchase.chain.info.id,
          asset: purchase.symbol,
          amount: amount.text,
        })
        return c.html(
          sandboxPage({
            heading: 'Purchase complete',
            paragraphs: [
              `${amount.text} ${purchase.symbol} was credited to ${purchase.address} on the ${purchase.chain.info.name} devnet.`,
              'You can close this window.',
            ],
          }),
        )
      } catch (error) {
        return refusalPage(c, error)
      }
    })
    .post('/buy/cancel', async (c) => {
      try {
        const { row } = await readPurchase(c)
        const claimed = await claimSandboxToken(db, {
          tokenDigest: row.tokenDigest as string,
          userId: row.userId,
          partnerUserId: row.partnerUserId,
        })
        if (!claimed) throw unusable('Its session token was already used: each one buys once.')
        await settleOnrampRequest(db, row.partnerUserId, 'failure')
        return c.html(
          sandboxPage({
            heading: 'Purchase cancelled',
            paragraphs: ['Nothing was bought and nothing was credited.', 'You can close this window.'],
          }),
        )
      } catch (error) {
        return refusalPage(c, error)
      }
    })
}

/** An amount in the asset's smallest unit, for comparing two spellings of it ("25" and "25.0"); -1 if unreadable. */
function amountOf(text: string, decimals: number, symbol: string): bigint {
  try {
    return parseAmount(text.startsWith('.') ? `0${text}` : text, decimals, { symbol })
  } catch {
    return -1n
  }
}

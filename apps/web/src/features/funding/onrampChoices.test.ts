import {
  getChain,
  getOnrampNetwork,
  type Logger,
  type SupportedChainId,
  solanaClusters,
  solanaUsdcMints,
  usdcAddresses,
} from '@charter/core'
import { describe, expect, it, vi } from 'vitest'
import { embeddedChains, localEvmChain } from '../../testing/chainServer.ts'
import type { OfferedChain } from '../balances/index.ts'
import { onrampChoices } from './onrampChoices.ts'
import { onrampLink } from './onrampLink.ts'

const evm = '0x1111111111111111111111111111111111111111'
const solana = 'So1anaMember11111111111111111111111111111111'
const addressFor = (type: OfferedChain['type']) => (type === 'ethereum' ? evm : solana)

/** An EVM mainnet as a production server offers it: its on-ramp network is the core's. */
const mainnet = (id: SupportedChainId): OfferedChain => {
  const chain = getChain(id)
  return {
    id,
    type: 'ethereum',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    usdc: { address: usdcAddresses[id], decimals: 6 },
    explorer: null,
    testnet: false,
    local: false,
    rpcPath: `/api/v1/rpc/${id}`,
    new_device_send_limit: { native: '0.05', usdc: '100' },
    onramp_network: getOnrampNetwork(id) ?? null,
  }
}

const solanaMainnet: OfferedChain = {
  id: 'mainnet-beta',
  type: 'solana',
  name: solanaClusters['mainnet-beta'].name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  usdc: { address: solanaUsdcMints['mainnet-beta'], decimals: 6 },
  explorer: null,
  testnet: false,
  local: false,
  rpcPath: '/api/v1/rpc/mainnet-beta',
  new_device_send_limit: { native: '1', usdc: '100' },
  onramp_network: getOnrampNetwork('mainnet-beta') ?? null,
}

/** A test network on a production server: the core gives it no on-ramp network. */
const remoteBaseSepolia: OfferedChain = { ...localEvmChain(84532), local: false, onramp_network: null }

const production = [
  mainnet(1),
  mainnet(42161),
  mainnet(8453),
  mainnet(10),
  mainnet(137),
  mainnet(43114),
  mainnet(42220),
  mainnet(59144),
  solanaMainnet,
  remoteBaseSepolia,
]

const ids = {
  USDC: '2b92315d-eab7-5bef-84fa-089a131333f5',
  ETH: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  POL: '026bcc1e-9163-591c-a709-34dd18b2e7a1',
}

const session = {
  app_id: 'cdp-project',
  session_token: 'tok',
  channel_id: 'channel',
  partner_user_id: 'p-1',
  base_url: 'https://pay.coinbase.com',
}

const warnings = (): Logger & { calls: unknown[] } => {
  const calls: unknown[] = []
  return { calls, warn: vi.fn((...args: unknown[]) => calls.push(args)) }
}

describe('onrampChoices', () => {
  it('offers every pair the core supports on a production server, each with the right link', () => {
    const logger = warnings()
    const choices = onrampChoices(production, addressFor, logger)
    const offers = choices.flatMap((choice) => choice.offers)
    const links = offers.map((offer) => {
      const url = onrampLink({ offer, experience: 'buy', amount: '25' }, session, 'http://charter.test/')
      const query = Object.fromEntries(url.searchParams)
      return [offer.chain.name, offer.symbol, query.defaultNetwork, query.defaultAsset ?? 'none']
    })
    expect(links).toEqual([
      ['Ethereum', 'USDC', 'ethereum', ids.USDC],
      ['Ethereum', 'ETH', 'ethereum', ids.ETH],
      ['Arbitrum One', 'USDC', 'arbitrum', ids.USDC],
      ['Arbitrum One', 'ETH', 'arbitrum', ids.ETH],
      ['Base', 'USDC', 'base', ids.USDC],
      ['Base', 'ETH', 'base', ids.ETH],
      ['OP Mainnet', 'USDC', 'optimism', ids.USDC],
      ['Polygon', 'USDC', 'polygon', ids.USDC],
      ['Polygon', 'POL', 'polygon', ids.POL],
      // AVAX and CELO have no on-ramp asset id: the link names the network and the page asks for the coin.
      ['Avalanche', 'AVAX', 'avacchain', 'none'],
      ['Celo', 'CELO', 'celo', 'none'],
    ])
    for (const offer of offers) expect(offer.address).toBe(evm)
    expect(logger.calls).toEqual([])
  })

  it('builds the whole link: Coinbase, the session, the experience, the amount and the member’s id', () => {
    const [base] = onrampChoices([mainnet(8453)], addressFor, warnings())
    const usdc = base?.offers.find((offer) => offer.symbol === 'USDC')
    if (!usdc) throw new Error('Base offers USDC')
    const buy = onrampLink(
      { offer: usdc, experience: 'buy', amount: '0.5' },
      session,
      'http://charter.test/x',
    )
    expect(buy.href).toBe(
      'https://pay.coinbase.com/buy/select-asset?appId=cdp-project&sessionToken=tok' +
        '&endPartnerName=privy%3Acdp-project&defaultExperience=buy&presetCryptoAmount=0.5&defaultNetwork=base' +
        `&defaultPaymentMethod=CARD&defaultAsset=${ids.USDC}&partnerUserId=p-1`,
    )
    const send = onrampLink({ offer: usdc, experience: 'send', amount: undefined }, session, 'http://x.test/')
    expect(Object.fromEntries(send.searchParams)).toMatchObject({
      defaultExperience: 'send',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
    })
    expect(send.searchParams.has('presetCryptoAmount')).toBe(false)
  })

  it('says why each pair it does not offer is not offered', () => {
    const refusals = onrampChoices(production, addressFor, warnings()).flatMap((choice) =>
      choice.refusals.map((refusal) => [refusal.subject, refusal.reason]),
    )
    expect(refusals).toEqual([
      ['ETH on OP Mainnet', 'The on-ramp’s rules do not cover ETH on OP Mainnet.'],
      ['USDC on Avalanche', 'The on-ramp’s rules do not cover USDC on Avalanche C-Chain.'],
      ['USDC on Celo', 'The on-ramp’s rules do not cover USDC on Celo.'],
      ['Linea Mainnet', 'The on-ramp does not serve Linea Mainnet.'],
      ['Solana', 'Solana is not among the networks the on-ramp’s rules cover.'],
      [
        'Base Sepolia',
        'Base Sepolia is a test network: the on-ramp sells real funds only, so it has no on-ramp network.',
      ],
    ])
  })

  it('offers the embedded server’s devnets as the networks they stand for, and not its Solana', () => {
    const choices = onrampChoices(embeddedChains(), addressFor, warnings())
    expect(choices.map((choice) => [choice.chain.name, choice.offers.map((offer) => offer.symbol)])).toEqual([
      ['Base Sepolia', ['USDC', 'ETH']],
      ['Arbitrum Sepolia', ['USDC', 'ETH']],
      ['Solana Devnet', []],
    ])
    const [base] = choices
    const link = onrampLink(
      { offer: base?.offers[0] as never, experience: 'buy', amount: '25' },
      { ...session, base_url: '/sandbox/onramp' },
      'http://127.0.0.1:4181/wallet/add-funds',
    )
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:4181/sandbox/onramp/buy/select-asset')
    expect(link.searchParams.get('defaultNetwork')).toBe('base')
    expect(choices[2]?.refusals.map((refusal) => refusal.reason)).toEqual([
      'Solana is not among the networks the on-ramp’s rules cover.',
    ])
  })

  it('leaves out a chain without the member’s wallet of its type', () => {
    const onlyEvm = (type: OfferedChain['type']) => (type === 'ethereum' ? evm : undefined)
    expect(onrampChoices(embeddedChains(), onlyEvm, warnings()).map((choice) => choice.chain.name)).toEqual([
      'Base Sepolia',
      'Arbitrum Sepolia',
    ])
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markdownTable } from '../__fixtures__/markdownTable.ts'
import { evmChains } from '../chains/evmChains.ts'
import { buildOnrampUrl } from './buildOnrampUrl.ts'
import { coinbaseOnrampBaseUrl } from './coinbaseOnrampBaseUrl.ts'
import { getOnrampNetwork } from './getOnrampNetwork.ts'
import { onrampCurrencyCodesByChainId } from './onrampCurrencyCodesByChainId.ts'
import { onrampDefaultAssetIds } from './onrampDefaultAssetIds.ts'
import { onrampNetworkByChainId } from './onrampNetworkByChainId.ts'
import { onrampNetworks } from './onrampNetworks.ts'
import { onrampPaymentMethodByExperience } from './onrampPaymentMethodByExperience.ts'
import { onrampSupportedNetworks } from './onrampSupportedNetworks.ts'

// docs/onramp.md is the project's written record of the on-ramp's link and tables: it must say what the code holds.
const doc = readFileSync(new URL('../../../../docs/onramp.md', import.meta.url), 'utf8')
const list = (cell: string | undefined) => (cell ?? '').split(', ')

describe('docs/onramp.md', () => {
  it('names the parameters the link carries, in the order buildOnrampUrl writes them', () => {
    const url = buildOnrampUrl({
      appId: 'app',
      sessionToken: 'token',
      defaultExperience: 'send',
      presetCryptoAmount: '1',
      network: 'base',
      asset: 'ETH',
      partnerUserId: 'member',
    })
    expect(url.startsWith(`${coinbaseOnrampBaseUrl}/buy/select-asset?`)).toBe(true)
    expect(doc).toContain(`\`${coinbaseOnrampBaseUrl}/buy/select-asset?\``)
    const written = [...new URL(url).searchParams.keys()]
    expect(markdownTable(doc, 'The link').map((row) => row.parameter)).toEqual(written)
  })

  it('gives the network of every chain and cluster the on-ramp serves, and no other', () => {
    const rows = markdownTable(doc, 'Networks')
    const expected = [
      ...Object.entries(onrampNetworkByChainId).map(([chainId, network]) => ({
        chain: evmChains.find((chain) => chain.id === Number(chainId))?.name,
        'chain id or cluster': chainId,
        'on-ramp network': network,
      })),
      {
        chain: 'Solana',
        'chain id or cluster': 'mainnet-beta',
        'on-ramp network': getOnrampNetwork('mainnet-beta'),
      },
    ]
    expect([...rows].sort(byKey)).toEqual([...expected].sort(byKey))
    expect(rows.map((row) => row['on-ramp network']).sort()).toEqual([...onrampNetworks].sort())
  })

  it('gives the payment method of each experience', () => {
    expect(markdownTable(doc, 'Payment methods')).toEqual(
      Object.entries(onrampPaymentMethodByExperience).map(([experience, method]) => ({
        experience,
        defaultPaymentMethod: method,
      })),
    )
  })

  it('gives the Coinbase id of each asset a link can preselect', () => {
    expect(markdownTable(doc, 'Asset ids')).toEqual(
      Object.entries(onrampDefaultAssetIds).map(([asset, id]) => ({ asset, 'defaultAsset id': id })),
    )
  })

  it('gives the support rules of onrampSupportedNetworks', () => {
    const rows = markdownTable(doc, 'What the on-ramp sells where')
    expect(Object.fromEntries(rows.map((row) => [row.asset, list(row.networks)]))).toEqual(
      onrampSupportedNetworks,
    )
  })

  it('gives the currency codes of onrampCurrencyCodesByChainId, and none where there is none', () => {
    const rows = markdownTable(doc, 'Currency codes')
    const expected = Object.entries(onrampCurrencyCodesByChainId).map(([chainId, codes]) => ({
      'chain id': chainId,
      'native-currency': 'native-currency' in codes ? codes['native-currency'] : 'none',
      USDC: 'USDC' in codes ? codes.USDC : 'none',
    }))
    const byChainId = (a: { 'chain id'?: string }, b: { 'chain id'?: string }) =>
      Number(a['chain id']) - Number(b['chain id'])
    expect([...rows].sort(byChainId)).toEqual(expected.sort(byChainId))
  })
})

function byKey(a: Record<string, unknown>, b: Record<string, unknown>): number {
  return String(a['chain id or cluster']).localeCompare(String(b['chain id or cluster']))
}

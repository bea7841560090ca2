import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { markdownTable } from '../__fixtures__/markdownTable.ts'
import { privyUsdcTableChainIds } from '../stablecoins/privyUsdcTableChainIds.ts'
import { solanaUsdcMints } from '../stablecoins/solanaUsdcMints.ts'
import { usdcAddresses } from '../stablecoins/usdcAddresses.ts'
import { evmChains } from './evmChains.ts'
import { isTestnet } from './isTestnet.ts'
import { solanaClusters } from './solanaClusters.ts'

// docs/chains.md is the project's written record of these tables: it must say what the code holds.
const doc = readFileSync(new URL('../../../../docs/chains.md', import.meta.url), 'utf8')
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no')

describe('docs/chains.md', () => {
  it('lists the chains of evmChains, in order, with their names, flags, slugs and currencies', () => {
    const rows = markdownTable(doc, 'EVM chains')
    expect(rows).toEqual(
      evmChains.map((chain) => ({
        'chain id': String(chain.id),
        name: chain.name,
        testnet: yesNo(isTestnet(chain)),
        'network slug': chain.network,
        'native currency': chain.nativeCurrency.symbol,
      })),
    )
  })

  it('lists the Solana clusters of solanaClusters', () => {
    expect(markdownTable(doc, 'Solana clusters')).toEqual(
      Object.values(solanaClusters).map((cluster) => ({
        cluster: cluster.cluster,
        name: cluster.name,
        testnet: yesNo(cluster.testnet),
        'public RPC URL': cluster.rpcUrl,
      })),
    )
  })

  it('gives the USDC contract of usdcAddresses for every chain, Privy’s twelve first in their order', () => {
    const rows = markdownTable(doc, 'USDC on EVM chains')
    const ids = rows.map((row) => Number(row['chain id']))
    expect([...ids].sort((a, b) => a - b)).toEqual(evmChains.map((chain) => chain.id).sort((a, b) => a - b))
    for (const row of rows) {
      const id = Number(row['chain id']) as keyof typeof usdcAddresses
      expect(row['USDC contract']).toBe(usdcAddresses[id])
      expect(row.chain).toBe(evmChains.find((chain) => chain.id === id)?.name)
    }
    const inPrivyTable = rows.filter((row) => row["in Privy's table"] === 'yes').map((row) => row['chain id'])
    expect(inPrivyTable).toEqual(privyUsdcTableChainIds.map(String))
    expect(ids.slice(0, privyUsdcTableChainIds.length)).toEqual([...privyUsdcTableChainIds])
  })

  it('gives the USDC mints of solanaUsdcMints, and none on testnet', () => {
    expect(markdownTable(doc, 'USDC on Solana')).toEqual(
      Object.entries(solanaUsdcMints).map(([cluster, mint]) => ({
        cluster,
        'USDC mint': mint === '' ? 'none' : mint,
      })),
    )
  })
})

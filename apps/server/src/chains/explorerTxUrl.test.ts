import { describe, expect, it } from 'vitest'
import { explorerTxUrl } from './explorerTxUrl.ts'
import { evmChainInfo, solanaChainInfo } from './publicChainInfo.ts'

const evmHash = `0x${'ab'.repeat(32)}`
const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

describe('explorerTxUrl', () => {
  it("links an EVM transaction to its explorer's /tx page", () => {
    expect(explorerTxUrl(evmChainInfo(84532, false), evmHash)).toBe(
      `https://sepolia.basescan.org/tx/${evmHash}`,
    )
    expect(explorerTxUrl(evmChainInfo(1, false), evmHash)).toBe(`https://etherscan.io/tx/${evmHash}`)
  })

  it("keeps Solana Explorer's cluster query after the path, where the explorer reads it", () => {
    expect(explorerTxUrl(solanaChainInfo('devnet', false), signature)).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=devnet`,
    )
    expect(explorerTxUrl(solanaChainInfo('mainnet-beta', false), signature)).toBe(
      `https://explorer.solana.com/tx/${signature}`,
    )
  })

  it('gives no link for a local devnet, which no explorer sees', () => {
    expect(explorerTxUrl(evmChainInfo(84532, true), evmHash)).toBeNull()
    expect(explorerTxUrl(solanaChainInfo('devnet', true), signature)).toBeNull()
  })

  it('keeps a path the explorer lives under, and cannot be steered out of it by the hash', () => {
    const chain = {
      ...evmChainInfo(84532, false),
      explorer: { name: 'Blockscout', url: 'https://scan.example/base/' },
    }
    expect(explorerTxUrl(chain, evmHash)).toBe(`https://scan.example/base/tx/${evmHash}`)
    expect(explorerTxUrl(chain, '../../evil?x=1#y')).toBe(
      'https://scan.example/base/tx/..%2F..%2Fevil%3Fx%3D1%23y',
    )
  })
})

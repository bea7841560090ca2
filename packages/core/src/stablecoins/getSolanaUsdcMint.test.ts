import { describe, expect, it } from 'vitest'
import chainData from '../chains/__fixtures__/chain-data.json'
import { BaseError } from '../errors/BaseError.ts'
import { getSolanaUsdcMint } from './getSolanaUsdcMint.ts'
import { NoSolanaUsdcMintError } from './NoSolanaUsdcMintError.ts'
import { solanaUsdcMints } from './solanaUsdcMints.ts'

describe('solanaUsdcMints', () => {
  it('matches chain-data.json, with an empty testnet entry', () => {
    for (const fact of chainData.usdc.solana) {
      expect(solanaUsdcMints[fact.cluster as keyof typeof solanaUsdcMints]).toBe(fact.mint)
    }
    expect(Object.keys(solanaUsdcMints)).toEqual(['mainnet-beta', 'devnet', 'testnet'])
    expect(solanaUsdcMints.testnet).toBe('')
  })
})

describe('getSolanaUsdcMint', () => {
  it('gives the mainnet-beta and devnet mints', () => {
    expect(getSolanaUsdcMint('mainnet-beta')).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
    expect(getSolanaUsdcMint('devnet')).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')
  })

  it('throws on testnet, saying there is no USDC mint there', () => {
    expect(() => getSolanaUsdcMint('testnet')).toThrowError(NoSolanaUsdcMintError)
    try {
      getSolanaUsdcMint('testnet')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(BaseError)
      expect((error as NoSolanaUsdcMintError).shortMessage).toBe('There is no USDC mint on Solana testnet')
      expect((error as NoSolanaUsdcMintError).cluster).toBe('testnet')
    }
  })
})

import { describe, expect, it } from 'vitest'
import { generateWalletKey, solanaAddressOf } from './walletKeys.ts'

describe('generateWalletKey', () => {
  it("gives a Solana wallet the address of its seed's public key, kept from the key pair", () => {
    for (let i = 0; i < 20; i++) {
      const { privateKey, address } = generateWalletKey('solana')
      expect(privateKey).toHaveLength(32)
      expect(address).toBe(solanaAddressOf(privateKey))
    }
  })
})

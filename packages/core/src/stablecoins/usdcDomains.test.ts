import { describe, expect, it } from 'vitest'
import { transferWithAuthorizationTypes, usdcEip712Domain } from './usdcDomains.ts'

describe('usdcEip712Domain', () => {
  it('gives the real testnet contracts\' domain: "USDC", version 2, the chain and its USDC address', () => {
    expect(usdcEip712Domain(84532)).toEqual({
      name: 'USDC',
      version: '2',
      chainId: 84532,
      verifyingContract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    })
    expect(usdcEip712Domain(421614)).toEqual({
      name: 'USDC',
      version: '2',
      chainId: 421614,
      verifyingContract: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
    })
  })

  it('gives "USD Coin" where the mainnet contract is named so (Base, Arbitrum One, Polygon)', () => {
    expect(usdcEip712Domain(8453)).toMatchObject({
      name: 'USD Coin',
      version: '2',
      chainId: 8453,
      verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    })
    expect(usdcEip712Domain(42161)?.name).toBe('USD Coin')
    expect(usdcEip712Domain(137)?.name).toBe('USD Coin')
  })

  it('gives nothing on a chain whose domain was not checked, so nothing is signed there with a guess', () => {
    expect(usdcEip712Domain(1)).toBeUndefined()
    expect(usdcEip712Domain(11155111)).toBeUndefined()
  })

  it("gives a fresh object each time, so a caller changing its copy changes nobody else's", () => {
    const first = usdcEip712Domain(84532)
    if (first) first.name = 'changed'
    expect(usdcEip712Domain(84532)?.name).toBe('USDC')
  })
})

describe('transferWithAuthorizationTypes', () => {
  it("has EIP-3009's fields in Circle's order (the typehash depends on it)", () => {
    expect(
      transferWithAuthorizationTypes.TransferWithAuthorization.map(
        ({ name, type }) => `${type} ${name}`,
      ).join(','),
    ).toBe('address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce')
  })
})

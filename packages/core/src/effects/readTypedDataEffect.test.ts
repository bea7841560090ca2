import { describe, expect, it } from 'vitest'
import { permit2Address } from './readEvmTransaction.ts'
import { readTypedDataEffect } from './readTypedDataEffect.ts'

const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const usdcOf = (chainId: number) => (chainId === 84532 ? usdc : undefined)
const authorisation = (domain: Record<string, unknown>, value: unknown = '250000000') => ({
  domain,
  primary_type: 'TransferWithAuthorization',
  message: { from: '0x1', to: '0x2', value, validAfter: '0', validBefore: '1', nonce: '0x00' },
})

describe('readTypedDataEffect', () => {
  it('weighs a USDC transfer authorisation on an offered chain as USDC', () => {
    expect(readTypedDataEffect(authorisation({ chainId: 84532, verifyingContract: usdc }), usdcOf)).toEqual({
      moves: [{ chain: '84532', asset: 'usdc', amount: 250_000_000n }],
      unweighable: [],
    })
  })

  it('cannot weigh an authorisation of another token or chain, or one without a readable value', () => {
    for (const typedData of [
      authorisation({ chainId: 1, verifyingContract: usdc }),
      authorisation({ chainId: 84532, verifyingContract: '0x1111111111111111111111111111111111111111' }),
      authorisation({ chainId: 84532, verifyingContract: usdc }, -1),
    ]) {
      expect(readTypedDataEffect(typedData, usdcOf).unweighable).toHaveLength(1)
    }
  })

  it('cannot weigh a permit of any token, nor anything signed for Permit2', () => {
    const permit = {
      domain: { chainId: 84532, verifyingContract: usdc },
      primary_type: 'Permit',
      message: { owner: '0x1', spender: '0xabc', value: '1', nonce: 0, deadline: 1 },
    }
    expect(readTypedDataEffect(permit, usdcOf).unweighable).toEqual([
      "a permit for 0xabc to spend the wallet's tokens",
    ])
    const permit2 = {
      domain: { chainId: 1, verifyingContract: permit2Address },
      primary_type: 'PermitSingle',
      message: {},
    }
    expect(readTypedDataEffect(permit2, usdcOf).unweighable[0]).toMatch(/^a Permit2 signature/)
  })

  it('a sign-in message that names no contract moves nothing', () => {
    const login = { domain: { name: 'App' }, primary_type: 'Login', message: { nonce: '1' } }
    expect(readTypedDataEffect(login, usdcOf)).toEqual({ moves: [], unweighable: [] })
  })

  it('cannot weigh anything else signed for a contract: a meta-transaction, a Safe transaction, an operator', () => {
    for (const primary_type of ['MetaTransaction', 'SafeTx', 'PermitForAll', 'ForwardRequest', 'Mail']) {
      const typedData = {
        domain: { chainId: 84532, verifyingContract: '0x2222222222222222222222222222222222222222' },
        primary_type,
        message: {},
      }
      expect(readTypedDataEffect(typedData, usdcOf).unweighable).toEqual([
        `a ${primary_type} signature for the contract 0x2222222222222222222222222222222222222222, which may act on it`,
      ])
    }
  })
})

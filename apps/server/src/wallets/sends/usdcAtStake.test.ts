import { usdcAddresses } from '@charter/core'
import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { usdcAtStake } from './usdcAtStake.ts'
import { usdcSignatureAtStake } from './usdcSignatureAtStake.ts'

const usdc = usdcAddresses[84532]
const someone = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const all = 2n ** 256n - 1n
const call = (functionName: 'transfer' | 'approve', amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName, args: [someone, amount] })

describe('usdcAtStake', () => {
  it('counts a transfer, an approve and a transferFrom by their amounts, a view call as nothing', () => {
    expect(usdcAtStake(usdc, call('transfer', 5n), usdc)).toBe(5n)
    expect(usdcAtStake(usdc.toLowerCase(), call('approve', 7n), usdc)).toBe(7n)
    const transferFrom = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [someone, someone, 9n],
    })
    expect(usdcAtStake(usdc, transferFrom, usdc)).toBe(9n)
    expect(
      usdcAtStake(
        usdc,
        encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [someone] }),
        usdc,
      ),
    ).toBe(0n)
  })

  it('counts calldata to USDC it cannot read as all of it, and a call to anything else as nothing', () => {
    expect(usdcAtStake(usdc, '0xd505accf00', usdc)).toBe(all)
    expect(usdcAtStake(someone, call('transfer', 5n), usdc)).toBe(0n)
    expect(usdcAtStake(usdc, undefined, usdc)).toBe(0n)
    expect(usdcAtStake(usdc, '0x', usdc)).toBe(0n)
    expect(usdcAtStake(usdc, call('transfer', 5n), undefined)).toBe(0n)
  })
})

describe('usdcSignatureAtStake', () => {
  const grant = (primary_type: string, value: unknown, verifyingContract: unknown = usdc) => ({
    domain: { verifyingContract, chainId: 84532 },
    message: { value },
    primary_type,
  })

  it('counts a USDC permit or transfer authorisation by its value, and one it cannot read as all of it', () => {
    expect(usdcSignatureAtStake(grant('Permit', '1000000'))).toBe(1_000_000n)
    expect(usdcSignatureAtStake(grant('TransferWithAuthorization', 25))).toBe(25n)
    expect(usdcSignatureAtStake(grant('ReceiveWithAuthorization', '0x10'))).toBe(16n)
    expect(usdcSignatureAtStake(grant('Permit', 'lots'))).toBe(all)
  })

  it('counts any Permit2 signature as all of it, and other typed data as nothing', () => {
    expect(usdcSignatureAtStake(grant('PermitSingle', 1, '0x000000000022D473030F116dDEE9F6B43aC78BA3'))).toBe(
      all,
    )
    expect(usdcSignatureAtStake(grant('CancelAuthorization', '5'))).toBe(0n)
    expect(usdcSignatureAtStake(grant('Permit', '5', someone))).toBe(0n)
    expect(usdcSignatureAtStake(grant('Permit', '5', 42))).toBe(0n)
  })
})

import { encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { permit2Address, readEvmTransaction } from './readEvmTransaction.ts'
import { totalMoves } from './WalletEffect.ts'

const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const someone = '0x1111111111111111111111111111111111111111'
const listed = { offered: true, usdc }
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [someone, amount] })
const approve = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [someone, amount] })

describe('readEvmTransaction', () => {
  it('counts the value and the maximum fee in the chain coin', () => {
    const effect = readEvmTransaction(
      { chainId: 84532, to: someone, value: 10n, gas: 21_000n, maxFeePerGas: 3n },
      listed,
    )
    expect(effect).toEqual({
      moves: [{ chain: '84532', asset: 'native', amount: 10n + 63_000n }],
      unweighable: [],
    })
  })

  it('counts a legacy gas price as the fee, and a missing gas limit as none', () => {
    expect(
      readEvmTransaction({ chainId: 1, to: someone, gas: 2n, gasPrice: 5n }, listed).moves[0]?.amount,
    ).toBe(10n)
    expect(readEvmTransaction({ chainId: 1, to: someone, maxFeePerGas: 5n }, listed).moves[0]?.amount).toBe(
      0n,
    )
  })

  it('weighs a USDC transfer and transferFrom as USDC', () => {
    const effect = readEvmTransaction({ chainId: 84532, to: usdc, data: transfer(250_000_000n) }, listed)
    expect(totalMoves(effect)).toEqual([{ chain: '84532', asset: 'usdc', amount: 250_000_000n }])
    expect(effect.unweighable).toEqual([])
    const from = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [someone, someone, 7n],
    })
    expect(totalMoves(readEvmTransaction({ chainId: 84532, to: usdc, data: from }, listed))).toEqual([
      { chain: '84532', asset: 'usdc', amount: 7n },
    ])
  })

  it('cannot weigh an allowance of any amount, except one set to zero', () => {
    expect(readEvmTransaction({ chainId: 84532, to: usdc, data: approve(1n) }, listed).unweighable).toEqual([
      `an allowance of 0.000001 USDC for ${someone}`,
    ])
    expect(
      readEvmTransaction({ chainId: 84532, to: usdc, data: approve(maxUint256) }, listed).unweighable,
    ).toEqual([`an allowance of an unlimited amount of USDC for ${someone}`])
    expect(readEvmTransaction({ chainId: 84532, to: usdc, data: approve(0n) }, listed).unweighable).toEqual(
      [],
    )
    const increase = encodeFunctionData({
      abi: parseAbi(['function increaseAllowance(address, uint256)']),
      args: [someone, 5n],
    })
    expect(
      readEvmTransaction({ chainId: 84532, to: someone, data: increase }, listed).unweighable[0],
    ).toMatch(/^an allowance of 5 base units of the token 0x1111/)
  })

  it('cannot weigh Permit2, other tokens, unknown calls, deployments, chain 0 or unlisted chains', () => {
    const permit2 = encodeFunctionData({
      abi: parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']),
      args: [usdc, someone, 2n ** 160n - 1n, 2 ** 40],
    })
    const cases = [
      [{ chainId: 84532, to: permit2Address, data: permit2 }, /^a Permit2 call/],
      [{ chainId: 84532, to: someone, data: transfer(1n) }, /^a transfer of the token 0x1111/],
      [
        { chainId: 84532, to: someone, data: '0xdeadbeef' },
        /^a call to the contract 0x1111.* cannot be weighed$/,
      ],
      [
        { chainId: 84532, to: usdc, data: '0xdeadbeef' },
        /^a call to the USDC contract that cannot be weighed$/,
      ],
      [{ chainId: 84532, data: '0x6000' }, /^deploys a contract$/],
      [{ chainId: 0, to: someone, value: 1n }, /^a transaction without a chain id/],
    ] as const
    for (const [transaction, words] of cases) {
      expect(readEvmTransaction(transaction, listed).unweighable[0]).toMatch(words)
    }
    expect(
      readEvmTransaction({ chainId: 56, to: usdc, data: transfer(1n) }, { offered: false, usdc: undefined })
        .unweighable,
    ).toEqual([
      'a transaction on chain 56, which this server does not offer',
      'a transfer of the token 0x036CbD53842c5426634e7929541eC2318f3dCF7e, which is not weighed here',
    ])
  })
})

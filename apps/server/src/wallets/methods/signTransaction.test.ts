import { describe, expect, it } from 'vitest'
import { signTransactionParams, toViemTransaction } from './signTransaction.ts'

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const checked = (transaction: Record<string, unknown>) =>
  signTransactionParams.parse({ transaction }).transaction

describe('toViemTransaction', () => {
  it('makes an EIP-1559 transaction, from numbers, decimal strings and 0x hex alike', () => {
    const transaction = checked({
      chain_id: '0x14a34',
      to,
      value: '10000000000000000',
      data: '0x',
      nonce: 7,
      gas_limit: '0x5208',
      max_fee_per_gas: 2_000_000_000,
      max_priority_fee_per_gas: '0x3b9aca00',
    })
    expect(toViemTransaction(transaction)).toEqual({
      type: 'eip1559',
      chainId: 84532,
      to,
      value: 10_000_000_000_000_000n,
      data: '0x',
      nonce: 7,
      gas: 21000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
  })

  it('makes a legacy transaction when a gas price or type 0 says so, and only then', () => {
    expect(toViemTransaction(checked({ chain_id: 1, gas_price: '1000' }))).toEqual({
      type: 'legacy',
      chainId: 1,
      gasPrice: 1000n,
    })
    expect(toViemTransaction(checked({ chain_id: 1, type: '0x0' }))).toEqual({ type: 'legacy', chainId: 1 })
    expect(toViemTransaction(checked({ chain_id: 1, type: 0, gas_price: 7 }))).toMatchObject({
      type: 'legacy',
    })
    expect(toViemTransaction(checked({ chain_id: 1, type: 2 }))).toEqual({ type: 'eip1559', chainId: 1 })
    expect(toViemTransaction(checked({ chain_id: 1 }))).toEqual({ type: 'eip1559', chainId: 1 })
  })

  it('refuses fees that contradict each other or the type', () => {
    for (const transaction of [
      { chain_id: 1, gas_price: '1000', max_fee_per_gas: 5 },
      { chain_id: 1, gas_price: '1000', max_priority_fee_per_gas: 5 },
      { chain_id: 1, gas_price: '1000', type: 2 },
      { chain_id: 1, max_fee_per_gas: 5, type: '0x0' },
    ]) {
      expect(signTransactionParams.safeParse({ transaction }).success).toBe(false)
    }
  })

  it('takes only whole, non-negative quantities', () => {
    for (const chain_id of [-1, 1.5, 2 ** 53, '1.5', '-1', '0x', '0xg1', '', ' 1']) {
      expect(signTransactionParams.safeParse({ transaction: { chain_id } }).success).toBe(false)
    }
  })
})

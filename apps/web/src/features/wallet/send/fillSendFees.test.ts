import { describe, expect, it } from 'vitest'
import type { ServerTransaction } from '../params/transactionParams.ts'
import { type ChainRead, fillSendFees } from './fillSendFees.ts'

const gwei = (n: number) => BigInt(n) * 1_000_000_000n
const hex = (value: bigint) => `0x${value.toString(16)}`
const from = '0x00000000000000000000000000000000000000f1'
const transfer: ServerTransaction = {
  chain_id: '0x14a34',
  to: '0x00000000000000000000000000000000000000a1',
  value: '0x1',
}

/**
 * A local devnet right after another member's send with an absurd tip: the node suggests that tip (anvil's is the
 * latest block's lowest), while the twenty blocks before paid 1 or 2 gwei. `history: false` is a node that does
 * not answer eth_feeHistory.
 */
function devnetAfterAnAbsurdTip(options: { history?: boolean } = {}): ChainRead {
  const absurd = gwei(50_000)
  return async (method) => {
    switch (method) {
      case 'eth_estimateGas':
        return hex(21_000n)
      case 'eth_maxPriorityFeePerGas':
        return hex(absurd)
      case 'eth_gasPrice':
        return hex(gwei(1) + absurd)
      case 'eth_getBlockByNumber':
        return { baseFeePerGas: hex(gwei(1)) }
      case 'eth_feeHistory': {
        if (options.history === false) throw new Error('the method eth_feeHistory does not exist')
        const tips = [...Array.from({ length: 19 }, (_, at) => gwei(at % 2 === 0 ? 1 : 2)), absurd]
        return { gasUsedRatio: tips.map(() => 0.1), reward: tips.map((tip) => [hex(tip)]) }
      }
      default:
        throw new Error(`${method} is not stood in for`)
    }
  }
}

describe('fillSendFees', () => {
  it('suggests the recent blocks’ median tip, not the one absurd tip the node read from its latest block', async () => {
    const filled = await fillSendFees(devnetAfterAnAbsurdTip(), transfer, from)
    expect(filled).toMatchObject({
      gas_limit: hex(25_200n),
      max_priority_fee_per_gas: hex(gwei(1)),
      max_fee_per_gas: hex(gwei(3)),
    })
  })

  it('bounds a legacy send’s gas price the same way: the base fee plus that tip', async () => {
    const filled = await fillSendFees(devnetAfterAnAbsurdTip(), { ...transfer, type: '0x0' }, from)
    expect(filled.gas_price).toBe(hex(gwei(2)))
    expect(filled.max_fee_per_gas).toBeUndefined()
  })

  it('keeps the node’s tip where the node has no fee history, and the caller’s fees where they are set', async () => {
    const noHistory = await fillSendFees(devnetAfterAnAbsurdTip({ history: false }), transfer, from)
    expect(noHistory.max_priority_fee_per_gas).toBe(hex(gwei(50_000)))
    const set = { ...transfer, max_fee_per_gas: hex(gwei(9)), max_priority_fee_per_gas: hex(gwei(4)) }
    expect(await fillSendFees(devnetAfterAnAbsurdTip(), set, from)).toMatchObject({
      max_fee_per_gas: hex(gwei(9)),
      max_priority_fee_per_gas: hex(gwei(4)),
    })
  })
})

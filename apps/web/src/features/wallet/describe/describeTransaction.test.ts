import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  baseSepoliaUsdc,
  expectedRecipient,
  hugeFeeTransaction,
  lookAlikeRecipient,
  lookAlikeTransaction,
  opaqueCall,
  spender,
  unlimitedApproval,
  usdcRecipient,
  usdcTransfer,
} from '../hostileRequests.ts'
import { transactionParams } from '../params/transactionParams.ts'
import { describeTransaction } from './describeTransaction.ts'

const address = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'
const describeTx = (raw: unknown, chainId = 1) =>
  describeTransaction(transactionParams(raw, chainId), address)

const refusal = (raw: unknown) => {
  try {
    transactionParams(raw, 1)
    return undefined
  } catch (error) {
    expect(error).toMatchObject({ code: -32602 })
    return (error as Error).message
  }
}

describe('describeTransaction', () => {
  it('shows the most the fee can be and the total, and warns of a fee out of proportion', () => {
    const request = describeTx(hugeFeeTransaction)
    expect(request).toMatchObject({
      chainName: 'Ethereum',
      amount: '0 ETH',
      fee: { max: '21,000,000 ETH', gasLimit: '21,000', perGas: '1,000,000,000,000 gwei' },
      total: '21,000,000 ETH',
      call: undefined,
    })
    expect(request.warnings).toEqual([{ kind: 'high-fee', maxFee: '21,000,000 ETH' }])
  })

  it('shows the recipient whole and checksummed, not a look-alike’s shared first and last characters', () => {
    const request = describeTx(lookAlikeTransaction)
    expect(request.to).toEqual({ address: lookAlikeRecipient, token: undefined })
    expect(request.to?.address).not.toBe(expectedRecipient)
    expect(request).toMatchObject({
      chainName: 'Base Sepolia',
      amount: '0.5 ETH',
      fee: { max: '0.000021 ETH', gasLimit: '21,000', perGas: '1 gwei' },
      total: '0.500021 ETH',
      warnings: [],
    })
  })

  it('decodes an unlimited USDC approval and names the token contract', () => {
    const request = describeTx(unlimitedApproval)
    expect(request.to).toEqual({ address: baseSepoliaUsdc, token: { symbol: 'USDC', decimals: 6 } })
    const amount = {
      unlimited: true,
      amount: expect.any(String),
      token: { address: baseSepoliaUsdc, token: { symbol: 'USDC', decimals: 6 } },
    }
    expect(request.call).toEqual({ kind: 'approve', spender, amount, extraBytes: 0 })
    expect(request.warnings).toEqual([{ kind: 'token-allowance', via: 'approve', spender, grants: [amount] }])
  })

  it('decodes a transfer, with the bytes after its arguments; names other calls by their selector', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [spender, 12_500_000n] })
    const transfer = describeTx({ ...unlimitedApproval, data: `${data}beef` })
    expect(transfer.call).toMatchObject({
      kind: 'transfer',
      to: spender,
      amount: { amount: '12.5' },
      extraBytes: 2,
    })
    const unknownToken = describeTx({ ...unlimitedApproval, to: spender, data })
    expect(unknownToken.call).toMatchObject({ amount: { amount: '12,500,000', token: { token: undefined } } })
    expect(describeTx({ to: spender, data: '0x12345678ff', gasPrice: '0x1' }).call).toEqual({
      kind: 'other',
      selector: '0x12345678',
      bytes: 5,
    })
    expect(describeTx({ data: '0x6000', gasPrice: '0x1' }).call).toEqual({ kind: 'create', bytes: 2 })
  })

  it('names what moves for a known token, and the total in each currency', () => {
    const transfer = describeTx(usdcTransfer)
    expect(transfer.tokenCall).toMatchObject({
      kind: 'transfer',
      to: usdcRecipient,
      amount: { amount: '100' },
    })
    expect(transfer.totals).toEqual(['100 USDC', '0.0001 ETH'])
    expect(transfer.warnings).toEqual([])

    // Moving the wallet's own tokens on someone's behalf takes them out of it; moving another's does not.
    const moveArgs = (from: `0x${string}`) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [from, spender, 2_500_000n] })
    expect(describeTx({ ...usdcTransfer, data: moveArgs(address) }).totals).toEqual([
      '2.5 USDC',
      '0.0001 ETH',
    ])
    expect(describeTx({ ...usdcTransfer, data: moveArgs(usdcRecipient) }).totals).toEqual(['0.0001 ETH'])
    // An approval hands over nothing yet.
    expect(describeTx(unlimitedApproval).totals).toEqual(['0.00006 ETH'])
    // The same call to a token Charter does not know says nothing of what moves: its decimals are unknown.
    const unknownToken = describeTx({ ...usdcTransfer, to: spender })
    expect(unknownToken.tokenCall).toBeUndefined()
    expect(unknownToken.totals).toEqual(['0.0001 ETH'])
  })

  it('warns of contract data it cannot decode', () => {
    const request = describeTx(opaqueCall)
    expect(request.tokenCall).toBeUndefined()
    expect(request.warnings).toEqual([{ kind: 'unreadable-call', selector: '0xdeadbeef', bytes: 68 }])
  })

  it('reads the fee as the server does: a gas price makes it legacy; without gas no fee is set', () => {
    expect(describeTx({ to: spender, gas: '0x5208', gasPrice: '0x3b9aca00' }).fee?.max).toBe('0.000021 ETH')
    const unset = describeTx({ to: spender, value: '0x1' })
    expect(unset.fee).toBeUndefined()
    expect(unset.total).toBe('0.000000000000000001 ETH')
  })

  it('refuses fee fields that leave the signed fee unclear, bad addresses and differing data', () => {
    expect(refusal({ gasPrice: '0x1', maxFeePerGas: '0x1' })).toMatch(/gasPrice is for legacy/)
    expect(refusal({ gasPrice: '0x1', type: '0x2' })).toMatch(/gasPrice is for legacy/)
    expect(refusal({ maxFeePerGas: '0x1', type: '0x0' })).toMatch(/takes gasPrice/)
    expect(refusal({ to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbb' })).toMatch(/to must be an address/)
    expect(refusal({ data: '0x00', input: '0x01' })).toMatch(/data and input differ/)
    expect(refusal({ value: -1n })).toMatch(/value must be a quantity/)
  })

  it('reads an object once, and what is sent is frozen', () => {
    let reads = 0
    const raw = {
      get value() {
        reads += 1
        return reads === 1 ? '0x0' : '0xde0b6b3a7640000'
      },
    }
    const params = transactionParams(raw, 1)
    expect(describeTransaction(params, address).amount).toBe('0 ETH')
    expect(params.transaction.value).toBe('0x0')
    expect(Object.isFrozen(params.transaction)).toBe(true)
    expect(reads).toBe(1)
  })

  it('a sponsored send of USDC names Charter as the payer and counts no fee; a sponsored anything else is the wallet’s to pay', () => {
    const sponsoredTx = (raw: unknown) =>
      describeTransaction(transactionParams(raw, 84532), address, true, true)
    // Without fee fields, as the Send screen posts it, and with them, which the server ignores.
    const { gas: _gas, maxFeePerGas: _max, maxPriorityFeePerGas: _tip, ...unfilled } = usdcTransfer
    for (const raw of [unfilled, usdcTransfer]) {
      const sponsored = sponsoredTx(raw)
      expect(sponsored).toMatchObject({
        feePaidBy: 'Charter',
        fee: undefined,
        totals: ['100 USDC'],
        transfer: { amount: '100 USDC', to: usdcRecipient, fee: undefined, feePaidBy: 'Charter' },
      })
      expect(sponsored.warnings).toEqual([])
    }
    // Only a plain transfer of the token: an approval, coin sent along, or a native send keep their fee.
    for (const raw of [unlimitedApproval, { ...usdcTransfer, value: '0x1' }, hugeFeeTransaction]) {
      const request = sponsoredTx(raw)
      expect(request.feePaidBy).toBeUndefined()
      expect(request.fee).toBeDefined()
    }
    // Signing without sending is never sponsored: nobody submits it for the wallet.
    expect(describeTransaction(transactionParams(usdcTransfer, 84532), address, false, true).feePaidBy).toBe(
      undefined,
    )
  })
})

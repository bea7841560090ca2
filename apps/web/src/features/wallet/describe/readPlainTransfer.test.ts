import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { opaqueCall, spender, unlimitedApproval, usdcRecipient, usdcTransfer } from '../hostileRequests.ts'
import { transactionParams } from '../params/transactionParams.ts'
import { describeTransaction } from './describeTransaction.ts'

// A plain transfer is signed without reading to the end: only what is wholly shown in view may count as one.

const address = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'
const plainOf = (raw: unknown) => describeTransaction(transactionParams(raw, 84532), address).transfer
const call = (functionName: 'transfer' | 'transferFrom', args: readonly unknown[]) =>
  encodeFunctionData({ abi: erc20Abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])

describe('a plain transfer', () => {
  it('is a known token’s transfer with nothing else, or coin to an address', () => {
    expect(plainOf(usdcTransfer)).toMatchObject({ amount: '100 USDC', to: usdcRecipient })
    expect(
      plainOf({ ...usdcTransfer, to: usdcRecipient, data: undefined, value: '0xde0b6b3a7640000' }),
    ).toMatchObject({
      amount: '1 ETH',
      to: usdcRecipient,
    })
  })

  it.each([
    ['bytes after the arguments', { ...usdcTransfer, data: `${usdcTransfer.data}beef` }],
    ['coin sent along with the token call', { ...usdcTransfer, value: '0x1' }],
    ['an approval', unlimitedApproval],
    ['a transferFrom', { ...usdcTransfer, data: call('transferFrom', [address, spender, 1n]) }],
    ['an unlimited amount', { ...usdcTransfer, data: call('transfer', [spender, maxUint256]) }],
    ['a contract Charter does not know', opaqueCall],
    ['a transfer call to an unknown token', { ...usdcTransfer, to: spender }],
  ])('is not %s', (_, raw) => {
    expect(plainOf(raw)).toBeUndefined()
  })
})

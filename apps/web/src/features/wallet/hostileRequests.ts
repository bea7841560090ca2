import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { permitType } from '../../../../../packages/core/src/__fixtures__/typedData.ts'

/**
 * Requests an attacker would send, for the dialog's tests: each must be shown truthfully or refused. Test data
 * only; nothing in the app imports it.
 */

/** Reads "transfer ETH 1000" on screen when the override takes effect; the signed text is backwards. */
export const bidiMessage = 'transfer \u202E0001 HTE'

/** A harmless first line, then the real request below sixty line breaks. */
export const hiddenTailMessage = `Sign in to Charter${'\n'.repeat(60)}and send all my USDC to 0xbad`

export const spender = '0x5baD0000000000000000000000000000000a11cE'
export const baseSepoliaUsdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'

/** An ERC-20 permit for unlimited USDC on Base Sepolia. */
export const usdcPermit = {
  domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: baseSepoliaUsdc },
  types: { Permit: permitType },
  primaryType: 'Permit',
  message: {
    owner: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
    spender,
    value: maxUint256.toString(),
    nonce: '0',
    deadline: '1900000000',
  },
}

/** The same permit behind 500 padding fields, so a dialog that shows the first rows never shows the grant. */
export function paddedPermit(padding = 500) {
  const pads = Array.from({ length: padding }, (_, index) => `pad${index}`)
  return {
    ...usdcPermit,
    types: {
      Permit: [...pads.map((name) => ({ name, type: 'uint256' })), ...usdcPermit.types.Permit],
    },
    message: { ...Object.fromEntries(pads.map((name) => [name, '0'])), ...usdcPermit.message },
  }
}

/** Permit2's allowance of unlimited USDC on Ethereum. */
export const permit2Single = {
  domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
  types: {
    PermitDetails: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
      { name: 'nonce', type: 'uint48' },
    ],
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
  },
  primaryType: 'PermitSingle',
  message: {
    details: {
      token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount: (2n ** 160n - 1n).toString(),
      expiration: '1900000000',
      nonce: '0',
    },
    spender,
    sigDeadline: '1900000000',
  },
}

/** Nothing sent, and up to 1,000 ETH per gas: 21,000,000 ETH of fee at most. */
export const hugeFeeTransaction = {
  to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
  value: '0x0',
  gas: '0x5208',
  maxFeePerGas: `0x${(1000n * 10n ** 18n).toString(16)}`,
  maxPriorityFeePerGas: '0x1',
  chainId: '0x1',
  type: '0x2',
}

/** The recipient the member expects, and a look-alike with the same first and last characters. */
export const expectedRecipient = '0x123000000000000000000000000000000000CdeF'
export const lookAlikeRecipient = '0x123F9a4E0B7c2d8E1f6a3B5c9d0E4f7A2b8CcdEF'

export const lookAlikeTransaction = {
  to: lookAlikeRecipient.toLowerCase(),
  value: '0x6f05b59d3b20000',
  gas: '0x5208',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  chainId: '0x14a34',
  type: '0x2',
}

/** `approve(spender, 2^256−1)` on Base Sepolia's USDC. */
export const unlimitedApproval = {
  to: baseSepoliaUsdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
  gas: '0xea60',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  chainId: '0x14a34',
  type: '0x2',
}

/** A real recipient of a token transfer, who is neither the token nor the wallet. */
export const usdcRecipient = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/**
 * `transfer(usdcRecipient, 100 USDC)` on Base Sepolia's USDC, gas 100,000 at 1 gwei: the transaction goes "to"
 * the token with 0 ETH, which a dialog that follows the fields would lead with; the 100 USDC is what moves.
 */
export const usdcTransfer = {
  to: baseSepoliaUsdc,
  value: '0x0',
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [usdcRecipient, 100_000_000n] }),
  gas: '0x186a0',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  chainId: '0x14a34',
  type: '0x2',
}

/** A call to a contract with data no decoder of Charter's reads (an unknown selector and 68 bytes). */
export const opaqueCall = {
  to: spender,
  value: '0x0',
  data: `0xdeadbeef${'00'.repeat(31)}01${'ab'.repeat(32)}`,
  gas: '0x186a0',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  chainId: '0x14a34',
  type: '0x2',
}

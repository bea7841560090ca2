import { describe, expect, it } from 'vitest'
import { evmMethods, findEvmMethod } from './evmMethods.ts'

describe('the provider’s methods', () => {
  it('are the ones Charter’s wallet serves, each by its own handler', () => {
    expect(Object.keys(evmMethods).sort()).toEqual([
      'eth_accounts',
      'eth_blockNumber',
      'eth_call',
      'eth_chainId',
      'eth_estimateGas',
      'eth_feeHistory',
      'eth_gasPrice',
      'eth_getBalance',
      'eth_getBlockByNumber',
      'eth_getCode',
      'eth_getLogs',
      'eth_getTransactionByHash',
      'eth_getTransactionCount',
      'eth_getTransactionReceipt',
      'eth_maxPriorityFeePerGas',
      'eth_requestAccounts',
      'eth_sendTransaction',
      'eth_signTransaction',
      'eth_signTypedData_v4',
      'net_version',
      'personal_sign',
      'wallet_switchEthereumChain',
    ])
    expect(new Set(Object.values(evmMethods)).size).toBe(Object.keys(evmMethods).length)
    expect(findEvmMethod('personal_sign')).toBe(evmMethods.personal_sign)
  })

  it('has no method by a name every object has', () => {
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) {
      expect(findEvmMethod(name)).toBeUndefined()
    }
    // A method that signs with a node's own keys is not the wallet's.
    expect(findEvmMethod('eth_sign')).toBeUndefined()
  })
})

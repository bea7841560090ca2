import type { EvmMethod } from './EvmMethod.ts'
import { chainRead } from './methods/chainRead.ts'
import { ethAccounts } from './methods/ethAccounts.ts'
import { ethChainId } from './methods/ethChainId.ts'
import { ethRequestAccounts } from './methods/ethRequestAccounts.ts'
import { ethSendTransaction } from './methods/ethSendTransaction.ts'
import { ethSignTransaction } from './methods/ethSignTransaction.ts'
import { ethSignTypedDataV4 } from './methods/ethSignTypedDataV4.ts'
import { netVersion } from './methods/netVersion.ts'
import { personalSign } from './methods/personalSign.ts'
import { walletSwitchEthereumChain } from './methods/walletSwitchEthereumChain.ts'

/** Every method the provider serves, by its EIP-1193 name, each in its own file under `methods/`. */
export const evmMethods: Readonly<Record<string, EvmMethod>> = {
  eth_accounts: ethAccounts,
  eth_requestAccounts: ethRequestAccounts,
  eth_chainId: ethChainId,
  net_version: netVersion,
  wallet_switchEthereumChain: walletSwitchEthereumChain,
  personal_sign: personalSign,
  eth_signTypedData_v4: ethSignTypedDataV4,
  eth_signTransaction: ethSignTransaction,
  eth_sendTransaction: ethSendTransaction,
  // Reads of the current chain, forwarded to its node through Charter's RPC proxy.
  eth_blockNumber: chainRead('eth_blockNumber'),
  eth_call: chainRead('eth_call'),
  eth_estimateGas: chainRead('eth_estimateGas'),
  eth_feeHistory: chainRead('eth_feeHistory'),
  eth_gasPrice: chainRead('eth_gasPrice'),
  eth_getBalance: chainRead('eth_getBalance'),
  eth_getBlockByNumber: chainRead('eth_getBlockByNumber'),
  eth_getCode: chainRead('eth_getCode'),
  eth_getLogs: chainRead('eth_getLogs'),
  eth_getTransactionByHash: chainRead('eth_getTransactionByHash'),
  eth_getTransactionCount: chainRead('eth_getTransactionCount'),
  eth_getTransactionReceipt: chainRead('eth_getTransactionReceipt'),
  eth_maxPriorityFeePerGas: chainRead('eth_maxPriorityFeePerGas'),
}

/** The method of that name, if the provider serves it; a name an object inherits (`toString`) is none. */
export const findEvmMethod = (method: string): EvmMethod | undefined =>
  Object.hasOwn(evmMethods, method) ? evmMethods[method] : undefined

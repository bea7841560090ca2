import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { chainsQueryOptions } from '../balances/index.ts'
import type { BrowserWallet, EthereumBrowserWallet } from './BrowserWallet.ts'
import { describeWalletFailure } from './describeWalletFailure.ts'
import { initWalletNonce } from './initWalletNonce.ts'
import { isUserRejection } from './isUserRejection.ts'
import { proveEthereumWallet } from './proveEthereumWallet.ts'
import { proveSolanaWallet } from './proveSolanaWallet.ts'
import { switchEthereumChain } from './switchEthereumChain.ts'
import type { WalletPickerState } from './WalletPickerState.ts'
import type { WalletProof } from './WalletProof.ts'
import { WrongNetworkError } from './WrongNetworkError.ts'

export type WalletPicker = {
  state: WalletPickerState
  /** Connects to `wallet` and has it sign; then `complete`. */
  choose: (wallet: BrowserWallet) => void
  /** Asks the wallet to move to `chainId`, then tries again. */
  switchChain: (wallet: EthereumBrowserWallet, chainId: number) => void
  /** Back to the list; an answer the wallet gives later is ignored. */
  reset: () => void
}

/**
 * Runs a wallet sign-in or link: the proof (connect, nonce, sign), then `complete` with it (the server's
 * authenticate or link). Each attempt is numbered, so a wallet answering after the person went back changes
 * nothing.
 */
export function useWalletPicker(options: {
  /** The line the wallet shows above the message's details. */
  statement: string
  complete: (proof: WalletProof) => Promise<void>
}): WalletPicker {
  const queryClient = useQueryClient()
  const [state, setState] = useState<WalletPickerState>({ status: 'choosing' })
  const attempts = useRef(0)
  const { statement, complete } = options

  const choose = useCallback(
    (wallet: BrowserWallet) => {
      const attempt = ++attempts.current
      const current = () => attempt === attempts.current
      setState({ status: 'waiting', wallet })
      void (async () => {
        try {
          const request = { statement, init: (address: string) => initWalletNonce(wallet.family, address) }
          let proof: WalletProof
          if (wallet.family === 'ethereum') {
            const chains = await queryClient.ensureQueryData(chainsQueryOptions())
            const chainIds = chains.flatMap((chain) => (typeof chain.id === 'number' ? [chain.id] : []))
            proof = await proveEthereumWallet(wallet, chainIds, request)
          } else {
            proof = await proveSolanaWallet(wallet, request)
          }
          if (!current()) return
          setState({ status: 'checking', wallet })
          await complete(proof)
          if (current()) setState({ status: 'done', wallet })
        } catch (error) {
          if (!current()) return
          if (error instanceof WrongNetworkError && wallet.family === 'ethereum') {
            setState({ status: 'wrong-network', wallet, chainId: error.chainId })
          } else if (!(error instanceof ApiError) && isUserRejection(error)) {
            setState({ status: 'rejected', wallet })
          } else {
            setState({ status: 'error', wallet, message: describeWalletFailure(error, wallet.name) })
          }
        }
      })()
    },
    [queryClient, statement, complete],
  )

  const switchChain = useCallback(
    (wallet: EthereumBrowserWallet, chainId: number) => {
      const attempt = ++attempts.current
      setState({ status: 'waiting', wallet })
      switchEthereumChain(wallet, chainId).then(
        () => {
          if (attempt === attempts.current) choose(wallet)
        },
        (error: unknown) => {
          if (attempt !== attempts.current) return
          const message = isUserRejection(error)
            ? `${wallet.name} stayed on its network. Switch networks in ${wallet.name}, then try again.`
            : describeWalletFailure(error, wallet.name)
          setState({ status: 'error', wallet, message })
        },
      )
    },
    [choose],
  )

  const reset = useCallback(() => {
    attempts.current += 1
    setState({ status: 'choosing' })
  }, [])

  return { state, choose, switchChain, reset }
}

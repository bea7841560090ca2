import type { ReactNode } from 'react'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import { NoWalletFound } from './NoWalletFound.tsx'
import { useBrowserWallets } from './useBrowserWallets.ts'
import { useWalletPicker } from './useWalletPicker.ts'
import { WalletList } from './WalletList.tsx'
import { WalletProblem } from './WalletProblem.tsx'
import type { WalletProof } from './WalletProof.ts'
import { WalletWaiting } from './WalletWaiting.tsx'
import { WrongNetwork } from './WrongNetwork.tsx'

type Props = {
  /** The line the wallet shows with the message, e.g. 'Sign in to Charter.' */
  statement: string
  /** Sends the signed message to the server (sign in, or link); a refusal is shown in the server's words. */
  complete: (proof: WalletProof) => Promise<void>
  /** Under "No wallet found": the way that needs no wallet. */
  noWalletNote?: ReactNode
  /** The heading of a failure that is not the wallet's user saying no, e.g. 'Could not sign in with Phantom'. */
  failureHeading: (walletName: string) => string
  /** What to say once `complete` is done, when this screen stays (a link). */
  doneText?: (walletName: string) => string
}

/**
 * Choose one of this browser's wallets (EIP-6963 and the wallet standard) and sign with it: the list, then the
 * wait on the wallet, then the outcome. Shared by "Continue with a wallet" and "Link a wallet".
 */
export function WalletPicker({ statement, complete, noWalletNote, failureHeading, doneText }: Props) {
  const { wallets, searching } = useBrowserWallets()
  const { state, choose, switchChain, reset } = useWalletPicker({ statement, complete })

  switch (state.status) {
    case 'waiting':
      return <WalletWaiting walletName={state.wallet.name} onCancel={reset} />
    case 'checking':
      return <StatusMessage>Checking the signature…</StatusMessage>
    case 'rejected':
      return (
        <WalletProblem heading="Signature rejected" text="Please try signing again.">
          <button type="button" className="button" onClick={() => choose(state.wallet)}>
            Try again
          </button>
          <button type="button" className="link-button" onClick={reset}>
            Choose another wallet
          </button>
        </WalletProblem>
      )
    case 'wrong-network':
      return (
        <WrongNetwork
          wallet={state.wallet}
          chainId={state.chainId}
          onSwitch={(chainId) => switchChain(state.wallet, chainId)}
          onBack={reset}
        />
      )
    case 'error':
      return (
        <WalletProblem heading={failureHeading(state.wallet.name)} text={state.message}>
          <button type="button" className="button" onClick={() => choose(state.wallet)}>
            Try again
          </button>
          <button type="button" className="link-button" onClick={reset}>
            Choose another wallet
          </button>
        </WalletProblem>
      )
    case 'done':
      if (!doneText) return <StatusMessage>Signed in with {state.wallet.name}.</StatusMessage>
      break
  }

  return (
    <>
      {state.status === 'done' && doneText && <StatusMessage>{doneText(state.wallet.name)}</StatusMessage>}
      {wallets.length > 0 ? (
        <WalletList wallets={wallets} onChoose={choose} />
      ) : searching ? (
        <StatusMessage>Looking for wallets in this browser…</StatusMessage>
      ) : (
        <NoWalletFound>{noWalletNote}</NoWalletFound>
      )}
    </>
  )
}

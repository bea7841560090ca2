import { chainName } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { chainsQueryOptions } from '../balances/index.ts'
import type { EthereumBrowserWallet } from './BrowserWallet.ts'
import { WalletProblem } from './WalletProblem.tsx'

type Props = {
  wallet: EthereumBrowserWallet
  chainId: number
  onSwitch: (chainId: number) => void
  onBack: () => void
}

/**
 * The Ethereum wallet is on a chain this server does not offer: which one, which it does, and a button per
 * offered chain that asks the wallet to switch (`wallet_switchEthereumChain`).
 */
export function WrongNetwork({ wallet, chainId, onSwitch, onBack }: Props) {
  const chains = useQuery(chainsQueryOptions())
  const offered = (chains.data ?? []).flatMap((chain) =>
    chain.type === 'ethereum' && typeof chain.id === 'number' ? [{ id: chain.id, name: chain.name }] : [],
  )
  return (
    <WalletProblem
      heading="Wrong network"
      text={
        <>
          {wallet.name} is on {chainName(chainId)} (chain ID {chainId}), which Charter does not offer. Switch
          it to {offered.length === 1 ? 'this network' : 'one of these networks'} to sign in.
        </>
      }
    >
      {offered.map((chain) => (
        <button key={chain.id} type="button" className="button" onClick={() => onSwitch(chain.id)}>
          Switch to {chain.name}
        </button>
      ))}
      <button type="button" className="link-button" onClick={onBack}>
        Choose another wallet
      </button>
    </WalletProblem>
  )
}

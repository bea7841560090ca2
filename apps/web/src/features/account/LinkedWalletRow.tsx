import type { ExternalWalletAccount } from '@charter/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ShortAddress } from '../../ui/index.ts'
import { announceSession, currentUserQueryKey } from '../session/index.ts'
import { linkedWalletName } from '../wallet/index.ts'
import type { SignedPoster } from './SignedPoster.ts'
import { unlinkWallet } from './unlinkWallet.ts'

const chainNames = { ethereum: 'Ethereum', solana: 'Solana' } as const

/** One wallet the member linked: its name, chain and address, and Unlink (refused for the last way in). */
export function LinkedWalletRow({ wallet, proxy }: { wallet: ExternalWalletAccount; proxy: SignedPoster }) {
  const queryClient = useQueryClient()
  const chain = chainNames[wallet.chain_type]
  const unlink = useMutation({
    mutationFn: () => unlinkWallet(proxy, wallet),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user)
      announceSession({ type: 'account-changed' })
    },
  })
  return (
    <li className="wallet-row">
      <span className="wallet-name">
        {linkedWalletName(wallet)} <span className="wallet-hint">{chain}</span>
      </span>
      <ShortAddress address={wallet.address} what={`${chain} address of the linked wallet`} />
      <button
        type="button"
        className="button button-secondary"
        aria-label={`Unlink ${linkedWalletName(wallet)} ${chain} wallet ${wallet.address}`}
        aria-disabled={unlink.isPending}
        onClick={() => {
          if (!unlink.isPending) unlink.mutate()
        }}
      >
        {unlink.isPending ? 'Unlinking…' : 'Unlink'}
      </button>
      {unlink.error && (
        <p className="field-error" role="alert">
          {unlink.error.message}
        </p>
      )}
    </li>
  )
}

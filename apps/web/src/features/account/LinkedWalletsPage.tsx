import { type CharterUser, type ExternalWalletAccount, isExternalWallet } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useId, useRef } from 'react'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import { usePageTitle } from '../../lib/usePageTitle.ts'
import type { WalletProof } from '../browserWallets/index.ts'
import { WalletPicker } from '../browserWallets/index.ts'
import { announceSession, currentUserQueryKey, RequireSignIn } from '../session/index.ts'
import { useWalletRuntime, WalletReady } from '../wallet/index.ts'
import { LinkedWalletRow } from './LinkedWalletRow.tsx'
import { linkWallet } from './linkWallet.ts'

/**
 * `/account/wallets`: the wallets the member holds themselves and linked (to sign in with), each with Unlink,
 * and "Link a wallet". Linking and unlinking are signed with this device's key, as the other account changes.
 */
export function LinkedWalletsPage() {
  return <RequireSignIn>{(user) => <LinkedWallets user={user} />}</RequireSignIn>
}

function LinkedWallets({ user }: { user: CharterUser }) {
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const headingId = useId()
  const linkHeadingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  usePageTitle('Linked wallets')
  const linked = user.linked_accounts.filter((account): account is ExternalWalletAccount =>
    isExternalWallet(account),
  )
  const complete = useCallback(
    async (proof: WalletProof) => {
      const updated = await linkWallet(proxy, proof)
      queryClient.setQueryData(currentUserQueryKey, updated)
      announceSession({ type: 'account-changed' })
    },
    [proxy, queryClient],
  )

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        Linked wallets
      </h1>
      <p>
        A wallet you already hold, such as MetaMask or Phantom, can be linked to your account: then you can
        sign in with it. Charter never signs with it; your Charter wallets stay the ones made for you.
      </p>
      <WalletReady>
        {linked.length === 0 ? (
          <p className="muted">No wallet is linked yet.</p>
        ) : (
          <ul className="wallet-list" aria-label="Your linked wallets">
            {linked.map((wallet) => (
              <LinkedWalletRow key={`${wallet.chain_type}:${wallet.address}`} wallet={wallet} proxy={proxy} />
            ))}
          </ul>
        )}
        <section className="stack" aria-labelledby={linkHeadingId}>
          <h2 id={linkHeadingId}>Link a wallet</h2>
          <WalletPicker
            statement="Link this wallet to my Charter account."
            complete={complete}
            failureHeading={(name) => `Could not link ${name}`}
            doneText={(name) => `${name} is linked to your account. You can sign in with it.`}
          />
        </section>
      </WalletReady>
    </section>
  )
}

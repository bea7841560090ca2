import type { CharterUser } from '@charter/core'
import { describeUser } from '../features/auth/index.ts'
import { WalletHome } from '../features/balances/index.ts'
import { WalletOverview } from '../features/wallet/index.ts'
import { usePageTitle } from '../lib/usePageTitle.ts'

/** The home of a signed-in member: who is signed in, their balances on every chain, and their wallets. */
export function SignedInHome({ user }: { user: CharterUser }) {
  usePageTitle('Home')
  return (
    <>
      <section className="card stack" aria-labelledby="home-heading">
        <h1 id="home-heading">Your Charter</h1>
        <p>
          Signed in as <strong className="breakable">{describeUser(user)}</strong>.
        </p>
      </section>
      <WalletHome user={user} />
      <WalletOverview user={user} />
    </>
  )
}

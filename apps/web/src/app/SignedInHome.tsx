import type { CharterUser } from '@charter/core'
import { describeUser } from '../features/account/index.ts'
import { WalletHome } from '../features/balances/index.ts'
import { MyInvitations, MyRoles } from '../features/organizations/index.ts'
import { useSignedInWith } from '../features/security/index.ts'
import { WalletOverview } from '../features/wallet/index.ts'
import { usePageTitle } from '../lib/usePageTitle.ts'

/**
 * The home of a signed-in member: who is signed in (by the address they signed in with), their balances on every
 * chain, and their wallets; invitations to organisations and the roles they hold.
 */
export function SignedInHome({ user }: { user: CharterUser }) {
  usePageTitle('Home')
  // Until the sessions answer says how this one signed in, the usual name stands in, in the same element.
  const signedInWith = useSignedInWith()
  return (
    <>
      <section className="card stack" aria-labelledby="home-heading">
        <h1 id="home-heading">Your Charter</h1>
        <p>
          Signed in as <strong className="breakable">{describeUser(user, signedInWith)}</strong>.
        </p>
      </section>
      <MyInvitations />
      <MyRoles />
      <WalletHome user={user} />
      <WalletOverview user={user} />
    </>
  )
}

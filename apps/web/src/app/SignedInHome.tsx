import type { CharterUser } from '@charter/core'
import { describeUser } from '../features/account/index.ts'
import { ReceivedNotice, RecentActivity } from '../features/activity/index.ts'
import { WalletHome } from '../features/balances/index.ts'
import { MyInvitations, MyRoles } from '../features/organizations/index.ts'
import { useSignedInWith } from '../features/security/index.ts'
import { WalletOverview } from '../features/wallet/index.ts'
import { usePageTitle } from '../lib/usePageTitle.ts'

/**
 * The home of a signed-in member leads with money: news of money received, the total and Send, Receive, Add
 * funds, each network's balances, then the last few lines of activity; then organisations and roles, the
 * wallets, and who is signed in. Invitations come first when there are any: they wait for an answer.
 */
export function SignedInHome({ user }: { user: CharterUser }) {
  usePageTitle('Home')
  // Until the sessions answer says how this one signed in, the usual name stands in, in the same element.
  const signedInWith = useSignedInWith()
  return (
    <>
      <h1 className="visually-hidden">Home</h1>
      <ReceivedNotice />
      <MyInvitations />
      <WalletHome user={user} />
      <RecentActivity />
      <MyRoles />
      <WalletOverview user={user} />
      <p className="signed-in-as muted">
        Signed in as <strong className="breakable">{describeUser(user, signedInWith)}</strong>.
      </p>
    </>
  )
}

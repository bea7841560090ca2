import type { CharterUser } from '@charter/core'
import { describeUser } from '../features/auth/index.ts'

/** The home of a signed-in member. For now it says who is signed in and keeps the wallets' place. */
export function SignedInHome({ user }: { user: CharterUser }) {
  return (
    <>
      <section className="card stack" aria-labelledby="home-heading">
        <h1 id="home-heading">Your Charter</h1>
        <p>
          Signed in as <strong className="breakable">{describeUser(user)}</strong>.
        </p>
      </section>
      <section className="card placeholder" aria-labelledby="wallets-heading">
        <h2 id="wallets-heading">Wallets</h2>
        <p className="muted">
          Your wallets will appear here: your balances on each network, your address to receive, and ways to
          send and top up. Nothing to do yet.
        </p>
      </section>
    </>
  )
}

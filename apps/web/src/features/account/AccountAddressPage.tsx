import type { CharterUser } from '@charter/core'
import { useId, useRef, useState } from 'react'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import { usePageTitle } from '../../lib/usePageTitle.ts'
import type { DestinationKind } from '../auth/index.ts'
import { RequireSignIn } from '../session/index.ts'
import { useWalletRuntime, WalletReady } from '../wallet/index.ts'
import { AddAddress } from './AddAddress.tsx'
import { accountDestination } from './accountDestination.ts'
import { addressNouns, withArticle } from './addressNouns.ts'
import { ChangeAddress } from './ChangeAddress.tsx'

/**
 * `/account/phone` and `/account/email`: add the kind the account lacks, or change the one it has. Both are
 * signed with this device's key (the wallet proxy), so the page waits until the key is ready, and says plainly
 * what to do when this session has none.
 */
export function AccountAddressPage({ kind }: { kind: DestinationKind }) {
  return <RequireSignIn>{(user) => <AccountAddress key={kind} user={user} kind={kind} />}</RequireSignIn>
}

function AccountAddress({ user, kind }: { user: CharterUser; kind: DestinationKind }) {
  const { proxy } = useWalletRuntime()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  // What the account had when the page opened: the change is from this one, even once the answer replaces it.
  const [from] = useState(() => accountDestination(user, kind))
  const title = from ? `Change your ${addressNouns[kind]}` : `Add ${withArticle(kind)}`
  usePageTitle(title)

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <WalletReady>
        {from ? (
          <ChangeAddress user={user} from={from} proxy={proxy} />
        ) : (
          <AddAddress kind={kind} proxy={proxy} />
        )}
      </WalletReady>
    </section>
  )
}

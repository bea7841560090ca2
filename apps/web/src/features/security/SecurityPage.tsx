import { describeUserAgent } from '@charter/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { PasskeysSection } from '../passkeys/index.ts'
import { RequireSignIn, SignOutButton, useSignOut } from '../session/index.ts'
import { WalletPage } from '../wallet/index.ts'
import { AccountFreeze } from './AccountFreeze.tsx'
import { HeldRequests } from './HeldRequests.tsx'
import {
  type AccountEvent,
  accountEventsQueryOptions,
  endSession,
  type MemberSession,
  securityQueryKey,
  sessionsQueryOptions,
} from './securityApi.ts'

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function When({ at }: { at: number }) {
  const date = new Date(at * 1000)
  return <time dateTime={date.toISOString()}>{timeFormat.format(date)}</time>
}

/**
 * `/security`: what a member can see and do about who holds their account: the sessions (each signed out on its
 * own, or all at once), the ways to the wallet keys (export, sign a message), and the recent sensitive actions.
 */
export function SecurityPage() {
  return (
    <RequireSignIn>
      {() => (
        <WalletPage title="Security">
          <p>
            Where you are signed in, your passkeys, your wallet keys, and what was done on your account
            lately.
          </p>
          <HeldRequests />
          <AccountFreeze />
          <Passkeys />
          <Sessions />
          <WalletKeys />
          <RecentActions />
        </WalletPage>
      )}
    </RequireSignIn>
  )
}

/** The passkeys' section; what it changes shows in the recent sensitive actions too. */
function Passkeys() {
  const queryClient = useQueryClient()
  return (
    <PasskeysSection onChanged={() => void queryClient.invalidateQueries({ queryKey: securityQueryKey })} />
  )
}

function Sessions() {
  const ids = { heading: useId(), everywhere: useId() }
  const heading = useRef<HTMLHeadingElement>(null)
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions())
  const signOutHere = useSignOut()
  const signOutEverywhere = useSignOut()
  const [ended, setEnded] = useState<string | undefined>(undefined)
  const endOther = useMutation({
    mutationFn: (session: MemberSession) => endSession(session.id),
    onSuccess: (_, session) => {
      setEnded(`Signed out ${describeUserAgent(session.user_agent)}.`)
      // The row is gone and with it the focused button: the list's heading takes focus instead.
      heading.current?.focus()
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKey }),
  })
  const failed = endOther.error ?? signOutHere.error ?? signOutEverywhere.error

  return (
    <section className="stack-small" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} ref={heading} tabIndex={-1}>
        Where you are signed in
      </h2>
      {sessions.isPending && (
        <p className="status" role="status">
          Loading your sessions…
        </p>
      )}
      {sessions.isError && (
        <div role="alert" className="stack-small">
          <p className="field-error">{sessions.error.message}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void sessions.refetch()}>
              Try again
            </button>
          </div>
        </div>
      )}
      <p className="status" role="status">
        {ended}
      </p>
      {failed && (
        <p className="field-error" role="alert">
          {failed.message}
        </p>
      )}
      {sessions.data && (
        <ul className="session-list">
          {thisDeviceFirst(sessions.data).map((session) => {
            const device = describeUserAgent(session.user_agent)
            return (
              <li key={session.id} className="session-row">
                <div className="session-about">
                  <p className="session-device">
                    {device}
                    {session.current && <span className="session-tag">This device</span>}
                  </p>
                  <p className="session-meta">
                    <span>From {session.client_address ?? 'an unknown address'}</span>
                    <span>
                      Signed in <When at={session.created_at} />
                    </span>
                    <span>
                      Last used <When at={session.last_seen_at} />
                    </span>
                  </p>
                </div>
                {session.current ? (
                  <SignOutButton signOut={signOutHere} />
                ) : (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Sign out ${device}, last used ${timeFormat.format(new Date(session.last_seen_at * 1000))}`}
                    aria-disabled={endOther.isPending || undefined}
                    onClick={() => {
                      if (!endOther.isPending) endOther.mutate(session)
                    }}
                  >
                    Sign out
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <div className="actions">
        <SignOutButton signOut={signOutEverywhere} everywhere describedBy={ids.everywhere} />
      </div>
      <p id={ids.everywhere} className="field-hint">
        Sign out everywhere ends your sessions on every device and browser, this one too.
      </p>
    </section>
  )
}

/** The list as the server orders it (most recently used first), but this device on top, where one looks for it. */
const thisDeviceFirst = (list: MemberSession[]) => [
  ...list.filter((session) => session.current),
  ...list.filter((session) => !session.current),
]

function WalletKeys() {
  const headingId = useId()
  return (
    <section className="stack-small" aria-labelledby={headingId}>
      <h2 id={headingId}>Your wallet keys</h2>
      <p>
        Export a key to use your wallet in another app; anyone who has it controls the wallet. Signing a
        message proves the wallet is yours without moving anything.
      </p>
      <ul className="wallet-actions">
        <li>
          <Link href="/wallet/export" className="button button-secondary">
            Export a key
          </Link>
        </li>
        <li>
          <Link href="/wallet/sign" className="button button-secondary">
            Sign a message
          </Link>
        </li>
      </ul>
      <p className="developer-link">
        <Link href="/wallet/developer">For developers: sign with viem</Link>
      </p>
    </section>
  )
}

function RecentActions() {
  const headingId = useId()
  const events = useQuery(accountEventsQueryOptions())
  return (
    <section className="stack-small" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent sensitive actions</h2>
      {events.isPending && (
        <p className="status" role="status">
          Loading…
        </p>
      )}
      {events.isError && (
        <p className="field-error" role="alert">
          {events.error.message}
        </p>
      )}
      {events.data?.length === 0 && (
        <p className="muted">
          Nothing yet. Added or changed addresses, sign-outs and exports will show here.
        </p>
      )}
      {events.data && events.data.length > 0 && (
        <ol className="activity-list">
          {events.data.map((event) => (
            <EventEntry key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  )
}

function EventEntry({ event }: { event: AccountEvent }) {
  return (
    <li className="activity-entry">
      <p className="activity-summary">{event.summary}</p>
      <p className="activity-meta">
        <When at={event.created_at} />
      </p>
    </li>
  )
}

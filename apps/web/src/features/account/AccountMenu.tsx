import { type CharterUser, getEmailAccount, getPhoneAccount, isExternalWallet } from '@charter/core'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { formatPhoneNumber } from '../auth/index.ts'
import { SignOutButton, useSignOut } from '../session/index.ts'

/**
 * The signed-in person's menu in the top bar: the phone number and email address they sign in with, a way to
 * add or change each (with a code to the new one), the wallets they linked (and a way to link one), the Security page, sign-out, and sign-out of every device (a lost phone, a
 * shared computer). A disclosure, not an ARIA menu: it holds ordinary links and buttons, reached with Tab.
 */
export function AccountMenu({ user }: { user: CharterUser }) {
  const panelId = useId()
  const everywhereNoteId = useId()
  const [open, setOpen] = useState(false)
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const signOut = useSignOut()
  const signOutEverywhere = useSignOut()
  // Each button keeps its own progress; whichever failed last says why.
  const failed = signOutEverywhere.error ?? signOut.error
  const phone = getPhoneAccount(user)
  const email = getEmailAccount(user)
  const linkedWallets = user.linked_accounts.filter(isExternalWallet).length

  useEffect(() => {
    if (!open) return
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer)
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer)
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false)
      button.current?.focus()
    }
  }

  const close = () => setOpen(false)

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the panel, as in any disclosure.
    <div
      ref={container}
      className="account-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out closes it; a click on plain text inside (no focus target) does not.
        if (event.relatedTarget && !container.current?.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Account
      </button>
      <section id={panelId} className="account-panel" aria-label="Your account" hidden={!open}>
        <dl className="account-list">
          <div>
            <dt>Phone number</dt>
            <dd>{phone ? formatPhoneNumber(phone.phoneNumber) : 'None yet'}</dd>
            <dd>
              <Link href="/account/phone" onClick={close}>
                {phone ? 'Change phone number' : 'Add a phone number'}
              </Link>
            </dd>
          </div>
          <div>
            <dt>Email address</dt>
            <dd className="breakable">{email ? email.address : 'None yet'}</dd>
            <dd>
              <Link href="/account/email" onClick={close}>
                {email ? 'Change email address' : 'Add an email address'}
              </Link>
            </dd>
          </div>
          <div>
            <dt>Linked wallets</dt>
            <dd>
              {linkedWallets === 0
                ? 'No wallet linked yet'
                : linkedWallets === 1
                  ? '1 wallet'
                  : `${linkedWallets} wallets`}
            </dd>
            <dd>
              <Link href="/account/wallets" onClick={close}>
                {linkedWallets === 0 ? 'Link a wallet' : 'Link or unlink a wallet'}
              </Link>
            </dd>
          </div>
        </dl>
        <p>
          <Link href="/security" onClick={close}>
            Security
          </Link>
          <span className="field-hint"> (where you are signed in, key export, recent actions)</span>
        </p>
        {failed && (
          <p className="field-error" role="alert">
            {failed.message}
          </p>
        )}
        <div className="actions">
          <SignOutButton signOut={signOut} />
          <SignOutButton signOut={signOutEverywhere} everywhere describedBy={everywhereNoteId} />
        </div>
        <p id={everywhereNoteId} className="field-hint">
          Sign out everywhere ends your sessions on every device and browser, this one too.
        </p>
      </section>
    </div>
  )
}

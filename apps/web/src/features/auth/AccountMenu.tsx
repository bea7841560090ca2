import { type CharterUser, getEmailAccount, getPhoneAccount } from '@charter/core'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { formatPhoneNumber } from './formatPhoneNumber.ts'
import { SignOutButton } from './SignOutButton.tsx'
import { useSignOut } from './useSignOut.ts'

/**
 * The signed-in person's menu in the top bar: the phone number and email address they sign in with, a way to
 * add or change each (with a code to the new one), and sign-out. A disclosure, not an ARIA menu: it holds
 * ordinary links and a button, reached with Tab.
 */
export function AccountMenu({ user }: { user: CharterUser }) {
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const signOut = useSignOut()
  const phone = getPhoneAccount(user)
  const email = getEmailAccount(user)

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
        </dl>
        {signOut.isError && (
          <p className="field-error" role="alert">
            {signOut.error.message}
          </p>
        )}
        <SignOutButton signOut={signOut} />
      </section>
    </div>
  )
}

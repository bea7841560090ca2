import { shortenAddress } from '@charter/core'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { Field, StatusMessage } from '../../ui/index.ts'
import { type Colleague, colleagueName } from '../colleagues/index.ts'

type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  /** What is wrong with what is typed; none while it is fine, empty, or a colleague being looked up. */
  error: string | undefined
  /** What the chain says of a well-formed recipient, to read before sending. */
  warnings: readonly string[]
  checking: boolean
  placeholder: string
  /** The colleagues offered for what is typed (none once it is an address). */
  matches: readonly Colleague[]
  /** Their wallet on this chain's kind, which choosing one puts in the field. */
  walletOf: (colleague: Colleague) => string | undefined
  /** Whose wallet the address is, when a colleague's: named under the field. */
  colleague: Colleague | undefined
  /** Any colleague to offer at all: says so in the hint. */
  hasColleagues: boolean
  spacesRemoved: boolean
}

/**
 * The recipient: an address, or a colleague found by name or phone number, as an editable combobox with a list
 * (as the WAI-ARIA Authoring Practices describe it, like the country picker). Choosing one puts their wallet's
 * address in the field, and the field then says whose it is; an address typed or pasted that is a colleague's
 * says so too. Checked as it is typed: its form first, then what the chain says of it.
 */
export function RecipientField(props: Props) {
  const { id, value, onChange, matches, walletOf } = props
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const shown = open && matches.length > 0
  const activeOption = shown ? matches[Math.min(active, matches.length - 1)] : undefined
  const optionId = (colleague: Colleague) => `${listId}-${colleague.user_id}`

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView?.({ block: 'nearest' })
  })

  const choose = (colleague: Colleague) => {
    const address = walletOf(colleague)
    if (address) onChange(address)
    setOpen(false)
  }
  const move = (by: number) => setActive((index) => Math.min(Math.max(index + by, 0), matches.length - 1))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!shown) {
          setOpen(true)
          setActive(0)
        } else if (!event.altKey) move(1)
        return
      case 'ArrowUp':
        event.preventDefault()
        if (event.altKey) setOpen(false)
        else if (shown) move(-1)
        return
      case 'Enter':
        // With the list open, Enter chooses; closed, it submits the form as in any other field.
        if (shown && activeOption) {
          event.preventDefault()
          choose(activeOption)
        }
        return
      case 'Escape':
        if (shown) {
          event.preventDefault()
          setOpen(false)
        }
        return
    }
  }

  return (
    <Field
      label="Recipient"
      id={id}
      error={props.error}
      hint={props.hasColleagues ? 'A colleague’s name or phone number, or an address.' : undefined}
      notes={
        <>
          {props.spacesRemoved && <p className="muted">Removed spaces from the address.</p>}
          {props.colleague && <p className="recipient-colleague">{colleagueName(props.colleague)}</p>}
          {props.checking && <StatusMessage>Checking the address…</StatusMessage>}
          {props.warnings.length > 0 && (
            <ul className="warning recipient-warnings" aria-label="About this recipient">
              {props.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </>
      }
    >
      {(control) => (
        <div className="combobox">
          <input
            {...control}
            className="input address-input"
            type="text"
            role="combobox"
            aria-expanded={shown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            value={value}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={props.placeholder}
            onChange={(event) => {
              onChange(event.target.value)
              setOpen(true)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          <div id={listId} role="listbox" aria-label="Colleagues" className="combobox-list" hidden={!shown}>
            {shown &&
              matches.map((colleague) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input, which keeps focus (aria-activedescendant).
                <div
                  key={colleague.user_id}
                  id={optionId(colleague)}
                  role="option"
                  // Never in the Tab order: focus stays in the input, which points here with aria-activedescendant.
                  tabIndex={-1}
                  aria-selected={colleague === activeOption}
                  className="combobox-option"
                  // Keep focus in the input, so its blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(colleague)}
                >
                  {colleagueName(colleague)}
                  {/* Two colleagues may read alike: their addresses never do. */}
                  <span className="muted combobox-option-detail">
                    {' '}
                    {shortenAddress(walletOf(colleague) ?? '')}
                  </span>
                </div>
              ))}
          </div>
        </div>
      )}
    </Field>
  )
}

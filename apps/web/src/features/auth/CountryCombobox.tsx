import type { PhoneCountry, PhoneCountryOption } from '@charter/core'
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react'
import { filterCountries } from './filterCountries.ts'

type Props = {
  /** The input's id, for its `<label htmlFor>`. */
  id: string
  value: PhoneCountry
  countries: PhoneCountryOption[]
  onChange: (country: PhoneCountry) => void
  describedBy?: string
  readOnly?: boolean
}

const optionLabel = (option: PhoneCountryOption) => `${option.name} (+${option.callingCode})`

/**
 * A country picker that can be searched by name or calling code: an editable combobox with a list, as the
 * WAI-ARIA Authoring Practices describe it. Shows the chosen country while not searching; typing filters,
 * arrows move, Enter chooses, Escape gives up and puts the chosen country back.
 */
export function CountryCombobox({ id, value, countries, onChange, describedBy, readOnly }: Props) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  /** What the person typed; undefined while the field shows the chosen country. */
  const [search, setSearch] = useState<string | undefined>(undefined)
  const [active, setActive] = useState(0)

  const selected = countries.find((option) => option.country === value)
  const matches = useMemo(() => filterCountries(countries, search ?? ''), [countries, search])
  const activeOption = open ? matches[active] : undefined
  const optionId = (option: PhoneCountryOption) => `${listId}-${option.country}`

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView?.({ block: 'nearest' })
  })

  const openList = () => {
    setOpen(true)
    const index = search === undefined ? matches.findIndex((option) => option.country === value) : 0
    setActive(Math.max(0, index))
  }

  const close = () => {
    setOpen(false)
    setSearch(undefined)
  }

  const choose = (option: PhoneCountryOption) => {
    onChange(option.country)
    close()
  }

  const move = (by: number) => setActive((index) => Math.min(Math.max(index + by, 0), matches.length - 1))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) openList()
        else if (!event.altKey) move(1)
        return
      case 'ArrowUp':
        event.preventDefault()
        if (event.altKey) close()
        else if (open) move(-1)
        return
      case 'PageDown':
        if (open) {
          event.preventDefault()
          move(10)
        }
        return
      case 'PageUp':
        if (open) {
          event.preventDefault()
          move(-10)
        }
        return
      case 'Enter':
        // With the list open, Enter chooses; closed, it submits the form as in any other field.
        if (open) {
          event.preventDefault()
          if (activeOption) choose(activeOption)
        }
        return
      case 'Escape':
        if (open || search !== undefined) {
          event.preventDefault()
          close()
        }
        return
    }
  }

  return (
    <div className="combobox">
      <input
        id={id}
        className="input combobox-input"
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={readOnly}
        value={search ?? (selected ? optionLabel(selected) : value)}
        onChange={(event) => {
          setSearch(event.target.value)
          setOpen(true)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target.select()}
        onClick={() => {
          if (readOnly) return
          if (open) close()
          else openList()
        }}
        onBlur={close}
      />
      <span className="combobox-chevron" aria-hidden="true" />
      <div id={listId} role="listbox" aria-label="Countries" className="combobox-list" hidden={!open}>
        {open &&
          matches.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input, which keeps focus (aria-activedescendant).
            <div
              key={option.country}
              id={optionId(option)}
              role="option"
              // Never in the Tab order: focus stays in the input, which points here with aria-activedescendant.
              tabIndex={-1}
              aria-selected={index === active}
              className="combobox-option"
              // Keep focus in the input, so its blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span>{option.name}</span>
              <span className="calling-code">+{option.callingCode}</span>
            </div>
          ))}
      </div>
      {open && matches.length === 0 && (
        <p className="combobox-empty" role="status">
          No country matches “{search}”. Try its name or its code, like 44.
        </p>
      )}
    </div>
  )
}

import { type ReactNode, useId } from 'react'

export type RadioOption<Value extends string> = {
  value: Value
  /** The option's name. */
  label: ReactNode
  /** Said with the option, not in its name, so the choice reads short (`list` look only). */
  hint?: ReactNode
}

type Props<Value extends string> = {
  legend: ReactNode
  /** The radio buttons' shared name: one of them is chosen at a time, and arrow keys move between them. */
  name: string
  options: readonly RadioOption<Value>[]
  selected: Value | undefined
  onSelect: (value: Value) => void
  /** `pills` side by side (networks, tokens), or a `list` one under another, each with room for a hint. */
  look?: 'pills' | 'list'
  /** The id of what describes the whole group (a note that stands in for a missing option…). */
  describedBy?: string | undefined
  /** Under the options, inside the group. */
  children?: ReactNode
}

/** A labelled group of radio buttons, one chosen at a time: a fieldset named by its legend. */
export function RadioGroup<Value extends string>(props: Props<Value>) {
  const { legend, name, options, selected, onSelect, look = 'pills', describedBy, children } = props
  const id = useId()
  const list = look === 'list'
  return (
    <fieldset className={list ? 'choice-fieldset' : 'network-switcher'} aria-describedby={describedBy}>
      <legend className={list ? 'field-label' : undefined}>{legend}</legend>
      {options.map((option, index) => {
        const labelId = `${id}-${index}`
        const hintId = `${id}-${index}-hint`
        const hinted = list && option.hint !== undefined
        return (
          <label key={option.value} className={list ? 'choice' : 'network-option'}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === selected}
              aria-labelledby={hinted ? labelId : undefined}
              aria-describedby={hinted ? hintId : undefined}
              onChange={() => onSelect(option.value)}
            />
            {hinted ? (
              <span>
                <span id={labelId}>{option.label}</span>
                <span id={hintId} className="field-hint">
                  {option.hint}
                </span>
              </span>
            ) : (
              option.label
            )}
          </label>
        )
      })}
      {children}
    </fieldset>
  )
}

import { oneTimeCodeRules } from '@charter/core'
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'

type Props = {
  /** Every change, as the digits so far ('' for an empty box, so '12' means the first two are filled). */
  onChange?: (digits: string[]) => void
  /** All six boxes are filled: the code as one string. */
  onComplete: (code: string) => void
  readOnly?: boolean
  /** The code can no longer be used (its last try went wrong): the boxes take nothing until a new one. */
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
  focusOnMount?: boolean
}

const emptyDigits = () => Array.from({ length: oneTimeCodeRules.digits }, () => '')

/**
 * Six boxes for a six-digit code. Typing moves on by itself and Backspace moves back; a pasted code, or one the
 * phone offers from the text message (`autocomplete="one-time-code"`), fills every box at once wherever it lands.
 * Remount it (a new `key`) to start again empty.
 */
export function CodeInput({
  onChange,
  onComplete,
  readOnly,
  disabled,
  invalid,
  describedBy,
  focusOnMount,
}: Props) {
  const [digits, setDigits] = useState(emptyDigits)
  const inputs = useRef<(HTMLInputElement | null)[]>([])

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, by design.
  useEffect(() => {
    if (focusOnMount) inputs.current[0]?.focus()
  }, [])

  const focusAt = (index: number) => {
    const input = inputs.current[Math.min(Math.max(index, 0), oneTimeCodeRules.digits - 1)]
    input?.focus()
    input?.select()
  }

  const update = (next: string[], focusIndex: number) => {
    setDigits(next)
    onChange?.(next)
    focusAt(focusIndex)
    if (next.every((digit) => digit !== '')) onComplete(next.join(''))
  }

  const fillFrom = (index: number, text: string) => {
    const incoming = text.replace(/\D/g, '')
    if (incoming === '') return
    // A whole code goes in from the first box, wherever it was pasted.
    const start = incoming.length >= oneTimeCodeRules.digits ? 0 : index
    const next = [...digits]
    for (let i = 0; i < incoming.length && start + i < oneTimeCodeRules.digits; i++)
      next[start + i] = incoming[i] ?? ''
    update(next, Math.min(start + incoming.length, oneTimeCodeRules.digits - 1))
  }

  const onInput = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value
    if (typed === '') {
      const next = [...digits]
      next[index] = ''
      update(next, index)
      return
    }
    // A box that already held a digit and was not selected: keep only what was added.
    const previous = digits[index] ?? ''
    const added = previous !== '' && typed.length > 1 ? typed.replace(previous, '') : typed
    fillFrom(index, added)
  }

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return
    const next = [...digits]
    switch (event.key) {
      case 'Backspace':
        event.preventDefault()
        if (next[index] === '' && index > 0) {
          next[index - 1] = ''
          update(next, index - 1)
        } else {
          next[index] = ''
          update(next, index)
        }
        return
      case 'Delete':
        event.preventDefault()
        next[index] = ''
        update(next, index)
        return
      case 'ArrowLeft':
        event.preventDefault()
        focusAt(index - 1)
        return
      case 'ArrowRight':
        event.preventDefault()
        focusAt(index + 1)
        return
      case 'Home':
        event.preventDefault()
        focusAt(0)
        return
      case 'End':
        event.preventDefault()
        focusAt(oneTimeCodeRules.digits - 1)
        return
    }
  }

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    if (!readOnly) fillFrom(index, event.clipboardData.getData('text'))
  }

  return (
    <div className="code-input">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions; they never move.
          key={index}
          ref={(element) => {
            inputs.current[index] = element
          }}
          className="code-digit"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${oneTimeCodeRules.digits}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          readOnly={readOnly}
          disabled={disabled}
          value={digit}
          onChange={onInput(index)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  )
}

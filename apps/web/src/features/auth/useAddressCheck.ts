import { type FormEvent, type RefObject, useState } from 'react'
import type { ApiError } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

export type AddressCheckOptions = {
  /** What is wrong with the address as typed, if anything; `touched` once the field was left or submitted. */
  fieldError: (touched: boolean) => string | undefined
  /** The address to send to, or undefined while it is not one. */
  destination: Destination | undefined
  /** The server's answer to the last submit, shown until the address changes. */
  serverError: ApiError | undefined
  /** A check of our own on submit, e.g. "This is already your phone number". */
  refuse: ((destination: Destination) => string | undefined) | undefined
  pending: boolean
  inputRef: RefObject<HTMLInputElement | null>
  onSubmit: (destination: Destination) => void
}

/**
 * The checking every address field shares: which message shows (the field's own, then a refusal of ours, then the
 * server's until the address is edited), and a submit that sends only a good address and otherwise puts the
 * person back in the field.
 */
export function useAddressCheck(options: AddressCheckOptions) {
  const [touched, setTouched] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>(undefined)
  const [editedSinceSubmit, setEditedSinceSubmit] = useState(false)

  const message =
    options.fieldError(touched) ?? refusal ?? (editedSinceSubmit ? undefined : options.serverError?.message)

  return {
    message,
    /** The field was left: from now on its mistakes show. */
    leave: () => setTouched(true),
    /** The address changed: the last answers about it no longer apply. */
    edit: () => {
      setEditedSinceSubmit(true)
      setRefusal(undefined)
    },
    submit: (event: FormEvent) => {
      event.preventDefault()
      if (options.pending) return
      setTouched(true)
      setEditedSinceSubmit(false)
      const { destination } = options
      const refused = destination ? options.refuse?.(destination) : undefined
      setRefusal(refused)
      if (!destination || refused) {
        options.inputRef.current?.focus()
        return
      }
      options.onSubmit(destination)
    },
  }
}

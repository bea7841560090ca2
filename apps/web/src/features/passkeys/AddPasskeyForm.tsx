import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { useWalletRuntime } from '../wallet/index.ts'
import { createPasskey } from './passkeyCeremonies.ts'
import {
  cleanPasskeyName,
  maxPasskeyNameLength,
  passkeyNameProblem,
  suggestedPasskeyName,
} from './passkeyName.ts'
import { linkPasskey } from './passkeysApi.ts'

/**
 * Adds a passkey on this device: a name (this browser and system to start with, editable), then the browser's
 * prompt, then the signed link. A device within its new-device hold is answered that it must wait, in the server's
 * words. `onDone` tells the section what happened; `submitLabel` lets the first-run card word its own button.
 */
export function AddPasskeyForm({
  onDone,
  submitLabel = 'Add a passkey',
}: {
  onDone: (said: { text: string; alert?: boolean }) => void
  submitLabel?: string
}) {
  const { proxy } = useWalletRuntime()
  const [name, setName] = useState(suggestedPasskeyName)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  // Once a name was refused, it is checked as it is corrected.
  const [tried, setTried] = useState(false)
  const add = useMutation({
    mutationFn: async (chosen: string) => {
      const response = await createPasskey()
      await linkPasskey(proxy, response, chosen)
      return chosen
    },
    onSuccess: (chosen) => {
      onDone({ text: `Added the passkey “${chosen}”. It signs you in and confirms at once from now on.` })
      setName(suggestedPasskeyName())
    },
    onError: (error) => onDone({ text: error.message, alert: true }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (add.isPending) return
    const wrong = passkeyNameProblem(name)
    setProblem(wrong)
    setTried(wrong !== undefined)
    if (!wrong) add.mutate(cleanPasskeyName(name))
  }

  return (
    <form className="stack-small" noValidate onSubmit={submit}>
      <Field
        label="Name"
        hint="So you know which passkey is which: the device or password manager that keeps it."
        error={problem}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            maxLength={maxPasskeyNameLength + 20}
            readOnly={add.isPending}
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              if (tried) setProblem(passkeyNameProblem(event.target.value))
            }}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="button" aria-disabled={add.isPending || undefined}>
          {add.isPending ? 'Adding a passkey…' : submitLabel}
        </button>
      </div>
    </form>
  )
}

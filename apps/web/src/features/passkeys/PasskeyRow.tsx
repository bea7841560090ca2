import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { Field } from '../../ui/Field.tsx'
import { ModalDialog } from '../../ui/ModalDialog.tsx'
import { useWalletRuntime } from '../wallet/index.ts'
import { proveWithPasskey } from './passkeyCeremonies.ts'
import { cleanPasskeyName, maxPasskeyNameLength, passkeyNameProblem } from './passkeyName.ts'
import { type Passkey, renamePasskey, unlinkPasskey } from './passkeysApi.ts'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

function Day({ at }: { at: number }) {
  const date = new Date(at * 1000)
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>
}

type Said = { text: string; alert?: boolean }

/**
 * One passkey: its name (and the authenticator's, where known), when it was added and last used; Rename in place,
 * and Remove, which asks to confirm with a passkey or else to wait.
 */
export function PasskeyRow({
  passkey,
  supported,
  onDone,
}: {
  passkey: Passkey
  /** Whether this browser can confirm with a passkey; without, removal can only wait. */
  supported: boolean
  onDone: (said: Said) => void
}) {
  const nameId = useId()
  const [renaming, setRenaming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const made = passkey.authenticator_name ?? passkey.created_with_browser
  const lastUsed = passkey.latest_verified_at

  return (
    <li className="session-row">
      <div className="session-about">
        <p className="session-device" id={nameId}>
          {passkey.name}
        </p>
        <p className="session-meta">
          {made && made !== passkey.name && <span>{made}</span>}
          <span>
            Added <Day at={passkey.first_verified_at} />
          </span>
          <span>
            {lastUsed === null ? (
              'Never used'
            ) : (
              <>
                Last used <Day at={lastUsed} />
              </>
            )}
          </span>
        </p>
        {renaming && (
          <RenameForm
            passkey={passkey}
            onClose={(said) => {
              setRenaming(false)
              if (said) onDone(said)
            }}
          />
        )}
      </div>
      {!renaming && (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={nameId}
            onClick={() => setRenaming(true)}
          >
            Rename
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={nameId}
            onClick={() => setRemoving(true)}
          >
            Remove
          </button>
        </div>
      )}
      {removing && (
        <RemoveDialog
          passkey={passkey}
          supported={supported}
          onClose={(said) => {
            setRemoving(false)
            if (said) onDone(said)
          }}
        />
      )}
    </li>
  )
}

function RenameForm({ passkey, onClose }: { passkey: Passkey; onClose: (said?: Said) => void }) {
  const { proxy } = useWalletRuntime()
  const [name, setName] = useState(passkey.name)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [tried, setTried] = useState(false)
  const rename = useMutation({
    mutationFn: (chosen: string) => renamePasskey(proxy, passkey.credential_id, chosen),
    onSuccess: (renamed) => onClose({ text: `Renamed the passkey to “${renamed.name}”.` }),
  })
  const message = problem ?? rename.error?.message

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (rename.isPending) return
    const wrong = passkeyNameProblem(name)
    setProblem(wrong)
    setTried(wrong !== undefined)
    if (wrong) return
    if (cleanPasskeyName(name) === passkey.name) onClose()
    else rename.mutate(cleanPasskeyName(name))
  }

  return (
    <form className="stack-small" noValidate onSubmit={submit}>
      <Field label="New name" error={message}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            // Focus goes where the member asked to type: the Rename button they pressed is gone.
            // biome-ignore lint/a11y/noAutofocus: opened by the member's own press, in place of that button
            autoFocus
            maxLength={maxPasskeyNameLength + 20}
            readOnly={rename.isPending}
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              if (tried) setProblem(passkeyNameProblem(event.target.value))
            }}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="button" aria-disabled={rename.isPending || undefined}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onClose()}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The server's answer to a removal without a passkey: it waits (403 `action_held`), in its words. */
const heldRemoval = (error: unknown) =>
  error instanceof ApiError && error.code === 'action_held' ? error.message : undefined

function RemoveDialog({
  passkey,
  supported,
  onClose,
}: {
  passkey: Passkey
  supported: boolean
  onClose: (said?: Said) => void
}) {
  const describedBy = useId()
  const { proxy } = useWalletRuntime()
  const remove = useMutation({
    mutationFn: async (withPasskey: boolean) => {
      const proof = withPasskey
        ? (await proveWithPasskey({ type: 'unlink', credential_id: passkey.credential_id })).proof
        : undefined
      await unlinkPasskey(proxy, passkey.credential_id, proof)
    },
    onSuccess: () => onClose({ text: `Removed the passkey “${passkey.name}”.` }),
    onError: (error) => {
      const held = heldRemoval(error)
      if (held) onClose({ text: held })
    },
  })
  const close = () => {
    if (!remove.isPending) onClose()
  }

  return (
    <ModalDialog
      title={`Remove the passkey “${passkey.name}”?`}
      className="confirm-dialog"
      describedBy={describedBy}
      onCancel={close}
    >
      <p id={describedBy}>
        {supported
          ? 'Confirm with one of your passkeys, this one or another, and it is removed at once. Without a passkey, the removal waits, your addresses are told, and your devices can cancel it.'
          : 'This browser cannot confirm with a passkey, so the removal waits: your addresses are told, and your devices can cancel it.'}
      </p>
      {remove.error && !heldRemoval(remove.error) && (
        <p className="field-error" role="alert">
          {remove.error.message}
        </p>
      )}
      <div className="actions dialog-actions">
        <button type="button" className="button button-secondary" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={remove.isPending || undefined}
          onClick={() => {
            if (!remove.isPending) remove.mutate(false)
          }}
        >
          Remove without a passkey
        </button>
        {supported && (
          <button
            type="button"
            className="button"
            aria-disabled={remove.isPending || undefined}
            onClick={() => {
              if (!remove.isPending) remove.mutate(true)
            }}
          >
            Confirm with a passkey
          </button>
        )}
      </div>
    </ModalDialog>
  )
}

import { Link } from 'wouter'
import type { ApiError } from '../../lib/api.ts'
import type { Destination, DestinationKind } from '../auth/index.ts'
import { EmailForm, PhoneForm } from '../auth/index.ts'
import type { AddressDraft } from './AddressDraft.ts'

type Props = {
  kind: DestinationKind
  label: string
  draft: AddressDraft
  onDraftChange: (draft: AddressDraft) => void
  onSubmit: (destination: Destination) => void
  pending: boolean
  serverError: ApiError | undefined
  refuse?: (destination: Destination) => string | undefined
  focusOnMount: boolean
}

/** The address an account page adds or changes to, with a code to send and a way out. */
export function AddressForm({ kind, draft, onDraftChange, ...props }: Props) {
  const cancel = (
    <Link href="/" className="link-button">
      Cancel
    </Link>
  )
  return kind === 'phone' ? (
    <PhoneForm
      {...props}
      hint="We’ll text a 6-digit code to this number."
      submitLabel="Send code"
      value={draft.phone}
      onValueChange={(phone) => onDraftChange({ ...draft, phone })}
    >
      {cancel}
    </PhoneForm>
  ) : (
    <EmailForm
      {...props}
      hint="We’ll email a 6-digit code to this address."
      submitLabel="Send code"
      value={draft.email}
      onValueChange={(email) => onDraftChange({ ...draft, email })}
    >
      {cancel}
    </EmailForm>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { LocalTime } from '../../ui/LocalTime.tsx'
import { ModalDialog } from '../../ui/ModalDialog.tsx'
import { heldActionsQueryKey } from '../holds/index.ts'
import { useWalletRuntime } from '../wallet/index.ts'
import { freezeAccount, freezePeriods, freezeQueryKey, freezeQueryOptions, liftFreeze } from './freezeApi.ts'
import { securityQueryKey } from './securityApi.ts'

/**
 * The brake on the Security page: freeze the account (no device can send, sign or export) for a chosen period,
 * at once and from any device, after a confirmation; once frozen, until when, and lifting it. Lifting from a
 * device that signed in after the freeze waits, and the page says so in the server's words.
 */
export function AccountFreeze() {
  const ids = { heading: useId() }
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const state = useQuery(freezeQueryOptions())
  const [hours, setHours] = useState<number>(24)
  const [confirming, setConfirming] = useState(false)
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: freezeQueryKey })
    void queryClient.invalidateQueries({ queryKey: heldActionsQueryKey })
    void queryClient.invalidateQueries({ queryKey: securityQueryKey })
  }
  const freeze = useMutation({
    mutationFn: () => freezeAccount(proxy, hours),
    onSuccess: () => setConfirming(false),
    onSettled: refresh,
  })
  const lift = useMutation({ mutationFn: () => liftFreeze(proxy), onSettled: refresh })
  const period = freezePeriods.find((each) => each.hours === hours)?.words ?? `${hours} hours`
  const frozen = state.data?.frozen ? state.data : undefined

  return (
    <section className="stack-small" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Freeze your account</h2>
      {state.isPending ? (
        <p className="status" role="status">
          Loading…
        </p>
      ) : frozen?.ends_at ? (
        <>
          <p role="status">
            Your account is frozen until <LocalTime at={frozen.ends_at} />: no device can send, sign or export
            until then.
          </p>
          {frozen.lift && (
            <p>
              A device asked to lift the freeze; it will be lifted at <LocalTime at={frozen.lift.opens_at} />{' '}
              unless it is cancelled above.
            </p>
          )}
          {lift.error && (
            <p className="field-error" role="alert">
              {lift.error.message}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={lift.isPending || undefined}
              onClick={() => {
                if (!lift.isPending) lift.mutate()
              }}
            >
              {lift.isPending ? 'Lifting the freeze…' : 'Lift the freeze'}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            If someone else may have your phone or email, freeze the account: for the period you choose, no
            device, this one included, can send, sign or export. It takes effect at once.
          </p>
          <Field label="For">
            {(control) => (
              <select
                {...control}
                className="input"
                value={hours}
                onChange={(event) => setHours(Number(event.target.value))}
              >
                {freezePeriods.map((each) => (
                  <option key={each.hours} value={each.hours}>
                    {each.words}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
              Freeze…
            </button>
          </div>
        </>
      )}
      {confirming && (
        <ModalDialog
          title={`Freeze your account for ${period}?`}
          className="confirm-dialog"
          onCancel={() => {
            if (!freeze.isPending) setConfirming(false)
          }}
        >
          <p>
            No device can send, sign or export for {period}, this one too. Every address of your account is
            told. You can lift it early from this device.
          </p>
          {freeze.error && (
            <p className="field-error" role="alert">
              {freeze.error.message}
            </p>
          )}
          <div className="actions dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button"
              aria-disabled={freeze.isPending || undefined}
              onClick={() => {
                if (!freeze.isPending) freeze.mutate()
              }}
            >
              {freeze.isPending ? 'Freezing…' : 'Freeze'}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  )
}

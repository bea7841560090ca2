import { BaseError, toUnixSeconds } from '@charter/core'

/**
 * An action held until a time, after which it happens by itself unless cancelled (a new device's sign-out of
 * older sessions, a younger session's lifting of a freeze): 403 `{error, code: 'action_held', held_action: {id,
 * opens_at}}`, as a held send answers (SendHeldError), with `opens_at` in Unix seconds.
 */
export class HeldUntilError extends BaseError {
  override name = 'HeldUntilError'
  readonly status = 403
  readonly heldAction: { id: string; opens_at: number }

  constructor(message: string, heldAction: { id: string; opensAt: Date }) {
    super(message, { code: 'action_held' })
    this.heldAction = { id: heldAction.id, opens_at: toUnixSeconds(heldAction.opensAt) }
  }
}

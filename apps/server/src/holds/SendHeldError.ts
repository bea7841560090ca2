import { BaseError, toUnixSeconds } from '@charter/core'

/**
 * A send held by the new-device hold: 403 `{error, code: 'action_held', held_action: {id, opens_at}}`, with
 * `opens_at` in Unix seconds. Not a refusal of the request: it was recorded and goes out at `opens_at` unless
 * another device cancels it, so the idempotency layer does not keep it as the key's answer.
 */
export class SendHeldError extends BaseError {
  override name = 'SendHeldError'
  readonly status = 403
  readonly heldAction: { id: string; opens_at: number }

  constructor(message: string, heldAction: { id: string; opensAt: Date }) {
    super(message, { code: 'action_held' })
    this.heldAction = { id: heldAction.id, opens_at: toUnixSeconds(heldAction.opensAt) }
  }
}

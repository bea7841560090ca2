import { type CharterUser, LoginError } from '@charter/core'
import type { CodeCaller } from '../members/codeFlows.ts'
import type { CodeIdentityKind, SignInKind } from '../members/users.ts'
import type { Channel } from './channels.ts'
import type { CodeDelivery } from './codeDelivery.ts'
import type { CodePurpose } from './codeMessages.ts'

/** What a step-up code confirms. An export code names its wallet: it exports that wallet and no other. */
export type StepUpAction = 'update_phone' | 'update_email' | 'register_key' | `export:${string}`

export type Channels = { phone: Channel | undefined; email: Channel | undefined }

const purposeOf = (action: StepUpAction): CodePurpose =>
  action === 'register_key' ? 'register-key' : action.startsWith('export:') ? 'export' : 'confirm-change'

/** Where a step-up code goes unless the member names the other address: away from what is being changed. */
const preferredOrder = (action: StepUpAction): CodeIdentityKind[] =>
  action === 'update_phone' ? ['email', 'phone'] : ['phone', 'email']

const kindWords = { phone: 'phone number', email: 'email address' } as const

/**
 * Step-up: what could hand the wallets to someone else needs more than a session. A code goes to an address the
 * account already has, and is good only for the session that asked and the one action it was asked for.
 */
export function stepUp(options: {
  codes: CodeDelivery
  channels: Channels
  loadUser: (userId: string) => Promise<CharterUser>
}) {
  const { codes, channels } = options
  const destinationOf = (sessionId: string, action: StepUpAction) => `step-up:${sessionId}:${action}`

  async function targetFor(
    userId: string,
    action: StepUpAction,
    via: CodeIdentityKind | undefined,
    avoid: SignInKind | undefined,
  ) {
    const user = await options.loadUser(userId)
    const addressOf = (kind: CodeIdentityKind) => {
      const account = user.linked_accounts.find((each) => each.type === kind)
      if (!account) return undefined
      return account.type === 'phone'
        ? account.phoneNumber
        : account.type === 'email'
          ? account.address
          : undefined
    }
    const reachable = (kind: CodeIdentityKind) => {
      const address = addressOf(kind)
      const channel = channels[kind]
      return address && channel ? { channel, address } : undefined
    }
    if (via) {
      const target = reachable(via)
      if (target) return target
      const other: CodeIdentityKind = via === 'phone' ? 'email' : 'phone'
      throw new LoginError('invalid_data', {
        message: addressOf(via)
          ? `via: this server cannot send codes to a ${kindWords[via]}.${reachable(other) ? ` Ask for the code by ${kindWords[other]} instead.` : ''}`
          : `via: your account has no ${kindWords[via]}.${reachable(other) ? ` Ask for the code by ${kindWords[other]} instead.` : ''}`,
      })
    }
    // Away from the address the session signed in with, when the account has another: whoever holds only that
    // one (a swapped SIM) does not get the code. A session that signed in with a wallet or a passkey has no such
    // address.
    const order: CodeIdentityKind[] =
      avoid === 'phone' || avoid === 'email'
        ? [avoid === 'phone' ? 'email' : 'phone', avoid]
        : preferredOrder(action)
    for (const kind of order) {
      const target = reachable(kind)
      if (target) return target
    }
    throw new LoginError('not_supported', {
      message:
        "Your account has no phone number or email address this server can send a code to, so this step cannot be confirmed. Ask your organisation's administrator for help.",
    })
  }

  async function checkStepUpCode(input: {
    sessionId: string
    action: StepUpAction
    code: string
    client: CodeCaller
    consume?: boolean
  }): Promise<void> {
    await codes.check({
      destination: destinationOf(input.sessionId, input.action),
      code: input.code,
      client: input.client,
      ...(input.consume === false && { consume: false }),
      // An export code is the one the member just asked for; a change is confirmed by a second code.
      ...(!input.action.startsWith('export:') && { noun: 'The confirmation code' }),
    })
  }

  return {
    /** Sends a step-up code for `action`; answers where it went and when it expires. */
    async sendStepUpCode(input: {
      userId: string
      sessionId: string
      action: StepUpAction
      via?: CodeIdentityKind | undefined
      /** The kind of address the session signed in with: the code goes to the other one when there is one. */
      avoid?: SignInKind | undefined
      client: CodeCaller
    }) {
      const { channel, address } = await targetFor(input.userId, input.action, input.via, input.avoid)
      const { expiresAt } = await codes.send(
        {
          channel,
          address,
          destination: destinationOf(input.sessionId, input.action),
          purpose: purposeOf(input.action),
          askedBy: input.sessionId,
        },
        input.client,
      )
      return { kind: channel.kind, address, expiresAt }
    },

    checkStepUpCode,
  }
}

export type StepUp = ReturnType<typeof stepUp>

import { LoginError, PhoneNumberError, parsePhoneNumber } from '@charter/core'
import { z } from 'zod'
import type { CodeIdentityKind } from '../members/users.ts'
import type { EmailSender, SmsSender } from '../senders/Senders.ts'
import { type CodePurpose, codeMessage } from './codeMessages.ts'

/** A message that tells a member what happened to their account; no code in it. */
export type Notice = { subject: string; text: string }

/** A way a code reaches a person: how its addresses are read and how the code is sent. */
export type Channel = {
  kind: CodeIdentityKind
  /** The canonical address (E.164, lower-case email), or `invalid_data` / `not_supported` saying why not. */
  normalize: (input: string) => string
  sendCode: (to: string, code: string, purpose: CodePurpose, lifetimeMinutes: number) => Promise<void>
  sendNotice: (to: string, notice: Notice) => Promise<void>
}

export function smsChannel(sender: SmsSender, allowedCountries: readonly string[]): Channel {
  const anywhere = allowedCountries.includes('*')
  return {
    kind: 'phone',
    normalize: (input) => {
      let phone: ReturnType<typeof parsePhoneNumber>
      try {
        phone = parsePhoneNumber(input)
      } catch (error) {
        if (error instanceof PhoneNumberError) {
          throw new LoginError('invalid_data', { message: error.shortMessage, cause: error })
        }
        throw error
      }
      if (!anywhere && !(phone.country && allowedCountries.includes(phone.country))) {
        throw new LoginError('not_supported', {
          message: `Charter does not send codes by SMS to +${phone.callingCode} numbers here. Sign in with your email address instead, or ask your administrator.`,
        })
      }
      return phone.e164
    },
    sendCode: (to, code, purpose, lifetimeMinutes) =>
      sender.send({ to, body: codeMessage(purpose, code, lifetimeMinutes).sms }),
    sendNotice: (to, notice) => sender.send({ to, body: `Charter: ${notice.text}` }),
  }
}

const emailSchema = z.email().max(254)

export function emailChannel(sender: EmailSender): Channel {
  return {
    kind: 'email',
    normalize: (input) => {
      const address = input.trim().toLowerCase()
      if (!emailSchema.safeParse(address).success) {
        throw new LoginError('invalid_data', { message: 'Enter an email address like name@example.org.' })
      }
      return address
    },
    sendCode: (to, code, purpose, lifetimeMinutes) => {
      const { subject, text } = codeMessage(purpose, code, lifetimeMinutes)
      return sender.send({ to, subject, text })
    },
    sendNotice: (to, notice) => sender.send({ to, subject: notice.subject, text: `${notice.text}\n` }),
  }
}

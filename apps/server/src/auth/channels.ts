import { LoginError, PhoneNumberError, parsePhoneNumber } from '@charter/core'
import { z } from 'zod'
import type { EmailSender, SmsSender } from '../senders/Senders.ts'
import type { IdentityKind } from './users.ts'

/** A way a code reaches a person: how its addresses are read and how the code is sent. */
export type Channel = {
  kind: IdentityKind
  /** The canonical address (E.164, lower-case email), or `invalid_data` / `not_supported` saying why not. */
  normalize: (input: string) => string
  sendCode: (to: string, code: string, lifetimeMinutes: number) => Promise<void>
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
    sendCode: (to, code, lifetimeMinutes) =>
      sender.send({
        to,
        body: `${code} is your Charter code. It expires in ${lifetimeMinutes} minutes. Never share it.`,
      }),
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
    sendCode: (to, code, lifetimeMinutes) =>
      sender.send({
        to,
        subject: `${code} is your Charter code`,
        text: `Your Charter sign-in code is ${code}.\n\nIt expires in ${lifetimeMinutes} minutes. If you did not ask for it, ignore this email: nobody can sign in without the code.\n`,
      }),
  }
}

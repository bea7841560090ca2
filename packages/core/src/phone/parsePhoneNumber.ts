// 'min' metadata on purpose (every file of this folder uses it, so the bundle holds one copy): about 20 KB
// gzip against about 40 KB for 'max', inside a 150 KB budget for the web app's whole initial JS. 'min' still
// checks each country's lengths and leading-digit ranges, so isValid() refuses '+1 555 555 5555' (no such
// area code); what it lacks is the exact per-type patterns (it accepts the unassigned '+33 7 00 00 00 00',
// which 'max' refuses) and getType(). The SMS provider is the final judge of a number, so 'max' buys little
// here. 'mobile' metadata is no answer either: it refuses landlines but also toll-free and personal numbers.
import {
  ParseError,
  type PhoneNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min'
import { isPhoneCountry } from './isPhoneCountry.ts'
import type { ParsedPhoneNumber } from './ParsedPhoneNumber.ts'
import type { PhoneCountry } from './PhoneCountry.ts'
import { PhoneNumberError } from './PhoneNumberError.ts'
import { phoneNumberLimits } from './phoneNumberLimits.ts'

/**
 * Reads a phone number typed by a person or sent by a client: '+' and digits are international; anything else
 * is national for `defaultCountry`. Spaces, dashes, dots and brackets are allowed; other text is not.
 * Throws `PhoneNumberError` unless the number parses, has a possible length and valid leading digits, so the
 * server and the sign-in form, which both call this, accept exactly the same numbers.
 */
export function parsePhoneNumber(input: unknown, defaultCountry?: PhoneCountry): ParsedPhoneNumber {
  if (typeof input !== 'string') {
    throw new PhoneNumberError('NOT_A_STRING', { details: `Received ${describeType(input)}.` })
  }
  if (input.length > phoneNumberLimits.maxInputLength) {
    throw new PhoneNumberError('TOO_LONG', {
      details: `The input has ${input.length} characters; at most ${phoneNumberLimits.maxInputLength} are read.`,
    })
  }
  // A pasted number often brings spaces along; the parser refuses them when told to read the whole input.
  const text = input.trim()
  if (text === '') throw new PhoneNumberError('EMPTY')
  if (defaultCountry !== undefined && !isPhoneCountry(defaultCountry)) {
    throw new PhoneNumberError('INVALID_COUNTRY', { details: `Unknown country '${String(defaultCountry)}'.` })
  }

  // `extract: false`: the whole input must be the number, so 'call +1 415 555 2671' is not one.
  const options = { defaultCountry, extract: false }
  let phoneNumber: PhoneNumber
  try {
    phoneNumber = parsePhoneNumberWithError(text, options)
  } catch (error) {
    if (!(error instanceof ParseError)) throw error
    const reason = parseErrorReasons.find((known) => known === error.message) ?? 'NOT_A_NUMBER'
    throw new PhoneNumberError(reason, {
      shortMessage:
        reason === 'INVALID_COUNTRY' && text.startsWith('+')
          ? 'Check the country code after the +'
          : undefined,
      details: `The parser refused it: ${reason}.`,
      cause: error,
    })
  }

  const callingCode = phoneNumber.countryCallingCode
  if (phoneNumber.ext) {
    throw new PhoneNumberError('HAS_EXTENSION', { details: `Extension ${phoneNumber.ext}.` })
  }
  // The parser takes '+1415' (national number '415'); only the country's possible lengths refuse it.
  const lengthProblem = validatePhoneNumberLength(text, options)
  if (lengthProblem) {
    throw new PhoneNumberError(lengthProblem, {
      details: `${phoneNumber.nationalNumber.length} national digits is not a possible length for +${callingCode}.`,
    })
  }
  if (!phoneNumber.isValid()) {
    throw new PhoneNumberError('INVALID_NUMBER', {
      // Not the digits themselves: details end up in logs, and a phone number is personal data.
      details: `Its digits fall in no +${callingCode} number range.`,
    })
  }

  return {
    e164: phoneNumber.number,
    country: phoneNumber.country,
    callingCode,
    nationalNumber: phoneNumber.nationalNumber,
  }
}

// What the parser throws (ParseError's message); anything newer is reported as not a number.
const parseErrorReasons = ['NOT_A_NUMBER', 'INVALID_COUNTRY', 'TOO_SHORT', 'TOO_LONG'] as const

function describeType(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

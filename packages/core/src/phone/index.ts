// Every phone module reads libphonenumber-js's 'min' metadata (see parsePhoneNumber.ts for why); mixing in
// 'max' or 'mobile' would put a second copy of the metadata in the web bundle. imports.test.ts holds the line.
export { formatInternational } from './formatInternational.ts'
export { formatInternationalForCountry } from './formatInternationalForCountry.ts'
export { getSampleMobileNumber } from './getSampleMobileNumber.ts'
export { guessCountryFromLocale } from './guessCountryFromLocale.ts'
export { listCountries } from './listCountries.ts'
export { maskPhoneNumber } from './maskPhoneNumber.ts'
export type { PhoneCountry } from './PhoneCountry.ts'
export type { PhoneCountryOption } from './PhoneCountryOption.ts'
export { PhoneNumberError, type PhoneNumberErrorReason } from './PhoneNumberError.ts'
export { parsePhoneNumber } from './parsePhoneNumber.ts'
export { phoneNumberLimits } from './phoneNumberLimits.ts'
export { validatePhoneNumber } from './validatePhoneNumber.ts'

import type { CountryCode } from 'libphonenumber-js/min'

/**
 * A country or territory the phone metadata knows, as an ISO 3166-1 alpha-2 code ('US', 'GB'), plus the
 * library's few non-ISO entries ('AC' Ascension, 'TA' Tristan da Cunha, 'XK' Kosovo). Our own name for the
 * library's type, so callers import it from us.
 */
export type PhoneCountry = CountryCode

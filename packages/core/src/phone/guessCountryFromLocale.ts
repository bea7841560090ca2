import { isPhoneCountry } from './isPhoneCountry.ts'
import type { PhoneCountry } from './PhoneCountry.ts'

const fallbackCountry = 'US'

/**
 * The country a picker should start on, from a locale such as `navigator.language`: 'en-GB' is GB. A bare
 * language gets its likeliest region ('fr' is FR, 'pt' is BR, 'en' is US), as some browsers send only the
 * language. Anything else (no locale, 'es-419', a malformed tag) is US. 'en_GB' is read as 'en-GB'.
 */
export function guessCountryFromLocale(locale?: string): PhoneCountry {
  if (!locale) return fallbackCountry
  try {
    const parsed = new Intl.Locale(locale.replaceAll('_', '-'))
    const region = parsed.region ?? parsed.maximize().region
    return isPhoneCountry(region) ? region : fallbackCountry
  } catch {
    return fallbackCountry
  }
}

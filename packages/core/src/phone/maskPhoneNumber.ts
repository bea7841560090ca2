/**
 * '*' and the last 4 digits, for showing where a code went without showing the number: '+1 415-555-2671' is
 * '*2671'. Dashes are dropped; dropping every non-digit also keeps spaces out ('+44 7400 123 456' is
 * '*3456', not '* 456'). A number of fewer than 4 digits shows what it has.
 */
export function maskPhoneNumber(phone: string): string {
  return `*${phone.replace(/\D/g, '').slice(-4)}`
}

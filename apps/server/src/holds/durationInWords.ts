/** "24 hours", "1 hour", "30 minutes", "4 seconds": the hold's length as the member reads it. */
export function durationInWords(hours: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (hours >= 1 && Number.isInteger(hours)) return plural(hours, 'hour')
  if (hours * 60 >= 1) return plural(Math.round(hours * 60), 'minute')
  return plural(Math.max(1, Math.round(hours * 3600)), 'second')
}

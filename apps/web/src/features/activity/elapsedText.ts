/** A wait in words a person reads at a glance: '8 s', '2 min 5 s', '1 h 4 min'. Negative clocks read as 0 s. */
export function elapsedText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  if (hours > 0) return `${hours} h ${minutes} min`
  if (minutes > 0) return `${minutes} min ${whole % 60} s`
  return `${whole} s`
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' })

/** A moment in the member's own time zone, as a `<time>`. */
export function LocalTime({ at }: { at: number }) {
  const date = new Date(at * 1000)
  return <time dateTime={date.toISOString()}>{timeFormat.format(date)}</time>
}

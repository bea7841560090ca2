import type { WalletActivity } from './WalletActivity.ts'

/** The entries of one calendar day (the reader's time zone), newest first as the server lists them. */
export type ActivityDay = {
  /** `YYYY-MM-DD` of that day, local: a stable key, and the `dateTime` of its heading. */
  day: string
  /** 'Today', 'Yesterday', or the date in full ('Thursday, October 9, 2025' in the reader's language). */
  label: string
  entries: WalletActivity[]
}

const pad = (value: number) => String(value).padStart(2, '0')
const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' })

/**
 * The activity grouped by the day each entry happened on, in the order given (newest first): one group per day,
 * however the pages split it. `now` names today and yesterday.
 */
export function groupByDay(entries: readonly WalletActivity[], now: Date): ActivityDay[] {
  const today = dayKey(now)
  const yesterday = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))
  const days: ActivityDay[] = []
  for (const entry of entries) {
    const at = new Date(entry.created_at * 1000)
    const day = dayKey(at)
    const last = days.at(-1)
    if (last?.day === day) {
      last.entries.push(entry)
      continue
    }
    const label = day === today ? 'Today' : day === yesterday ? 'Yesterday' : fullDate.format(at)
    days.push({ day, label, entries: [entry] })
  }
  return days
}

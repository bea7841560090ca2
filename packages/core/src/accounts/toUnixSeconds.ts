import type { UnixSeconds } from './UnixSeconds.ts'

/** A moment, as a `Date` or as milliseconds since the epoch (`Date.now()`), in whole Unix seconds, rounded down. */
export const toUnixSeconds = (time: Date | number): UnixSeconds =>
  Math.floor((typeof time === 'number' ? time : time.getTime()) / 1000)

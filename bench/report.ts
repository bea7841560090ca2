import type { Spread } from './rounds.ts'

// How the bench prints: one row per figure, beside its floor and their ratio over the rounds.
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`
export const ratio = (value: number) => value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)
export const times = (spread: Spread) =>
  `×${ratio(spread.median)} (${ratio(spread.min)}–${ratio(spread.max)})`
export const row = (name: string, value: string, floor: string, ratios: string, note = '') =>
  console.log(
    `${name.padEnd(38)} ${value.padStart(20)}   ${floor ? `floor ${floor.padStart(32)}` : ''.padEnd(38)}   ${ratios.padEnd(22)}   ${note}`.trimEnd(),
  )

export type { AppType } from './app.ts'
export type { Health, PartStatus } from './http/health.ts'

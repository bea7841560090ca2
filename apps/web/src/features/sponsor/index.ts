export { type SponsorAnswer, sponsorQueryOptions } from './sponsorApi.ts'
export { sponsoredAgainAt, sponsoredSend } from './sponsoredSend.ts'

export { type SponsorAnswer, sponsorQueryOptions } from './sponsorApi.ts'
export { sponsoredSend } from './sponsoredSend.ts'

export { DeveloperPage } from './DeveloperPage.tsx'
export { signWithViem, type ViemSignature } from './signWithViem.ts'

export { SignMessagePage } from './SignMessagePage.tsx'
export { signMessage } from './signMessage.ts'

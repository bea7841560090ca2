export { generatePassphrase } from './generatePassphrase.ts'

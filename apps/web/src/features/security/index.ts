export { SecurityPage } from './SecurityPage.tsx'
export { useSignedInWith } from './useSignedInWith.ts'

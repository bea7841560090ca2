export { SecurityPage } from './SecurityPage.tsx'

import { useEffect } from 'react'

/** The app's name, last in every page title. */
export const appTitle = 'Charter'

/** Sets the tab's title to "`title` · Charter" while the page is shown, and back to "Charter" after. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${appTitle}` : appTitle
    return () => {
      document.title = appTitle
    }
  }, [title])
}

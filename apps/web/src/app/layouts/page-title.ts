import { useMatches } from 'react-router';

/** Route `handle` of the app's routes: the page title shown in the layout header. */
export interface RouteHandle {
  title?: string;
}

/** The title of the deepest matched route that declares one (route `handle.title`). */
export function usePageTitle(fallback = ''): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return fallback;
}
